import { describe, expect, it } from "vitest";
import {
  createResponseCollector,
  lastAssistantMessageText as lastAssistantText,
  toolCallsOf,
} from "../../src/loop/collect-response.js";
import { buildFollowUpRequest, toInputItem } from "../../src/loop/build-follow-up-request.js";
import { initialContextOf } from "../../src/loop/initial-context-of.js";
import { mapWithConcurrency } from "../../src/loop/map-with-concurrency.js";
import { baseRequest, developer, envContext, user } from "./helpers/loop-fixtures.js";

const msg = (text: string) => ({
  type: "message" as const,
  role: "assistant" as const,
  content: [{ type: "output_text" as const, text }],
});

describe("createResponseCollector", () => {
  it("orders items by output index, then arrival, and keeps usage and malformed lines", () => {
    const c = createResponseCollector();
    c.add({ type: "output_item_done", outputIndex: 1, item: msg("second") });
    c.add({ type: "output_item_done", outputIndex: 0, item: msg("first") });
    c.add({ type: "output_item_done", outputIndex: 1, item: msg("third") });
    c.add({ type: "malformed", raw: "x", reason: "bad" });
    c.add({
      type: "completed",
      responseId: "r",
      usage: { inputTokens: 1, cachedInputTokens: 0, outputTokens: 1, reasoningOutputTokens: 0, totalTokens: 2 },
    });
    expect(c.result()).toEqual({
      items: [msg("first"), msg("second"), msg("third")],
      malformed: [{ raw: "x", reason: "bad" }],
      completed: true,
      responseId: "r",
      usage: { inputTokens: 1, cachedInputTokens: 0, outputTokens: 1, reasoningOutputTokens: 0, totalTokens: 2 },
    });
  });

  it("drops what a failed attempt produced when the provider retries the stream", () => {
    const c = createResponseCollector();
    c.add({ type: "output_item_done", outputIndex: 0, item: msg("from the broken attempt") });
    c.add({ type: "malformed", raw: "x", reason: "bad" });
    c.add({ type: "retry", attempt: 1, maxRetries: 3, delayMs: 1, reason: "stream broke off" });
    c.add({ type: "output_item_done", outputIndex: 0, item: msg("retried") });
    c.add({ type: "completed" });
    expect(c.result()).toEqual({ items: [msg("retried")], malformed: [{ raw: "x", reason: "bad" }], completed: true });
  });

  it("falls back to response.completed's output when no item events came", () => {
    const c = createResponseCollector();
    c.add({ type: "completed", output: [msg("only")] });
    expect(c.result().items).toEqual([msg("only")]);
  });
});

describe("toolCallsOf / lastAssistantMessageText", () => {
  it("finds calls and the last assistant text", () => {
    const call = { type: "function_call" as const, name: "a", arguments: "{}", call_id: "c" };
    expect(toolCallsOf([msg("x"), call])).toEqual([call]);
    expect(lastAssistantText([msg("x"), call, msg("y")])).toBe("y");
    expect(lastAssistantText([call])).toBe("");
  });
});

describe("buildFollowUpRequest", () => {
  it("appends outputs without server ids, keeps encrypted reasoning and forces store false", () => {
    const reasoning = { type: "reasoning" as const, summary: [], encrypted_content: "opaque", id: "rs_1" };
    const next = buildFollowUpRequest(baseRequest([], [user("a")], { store: true }), [
      reasoning,
      { ...msg("b"), id: "msg_1" },
    ]);
    expect(next.store).toBe(false);
    expect(next.input).toEqual([user("a"), { type: "reasoning", summary: [], encrypted_content: "opaque" }, msg("b")]);
    const plain = user("z");
    expect(toInputItem(plain)).toBe(plain);
  });
});

describe("initialContextOf", () => {
  it("takes developer and contextual items up to the first real user message", () => {
    expect(initialContextOf([developer("d"), envContext("/w"), user("task"), developer("later")])).toEqual([
      developer("d"),
      envContext("/w"),
    ]);
    expect(initialContextOf([user("task")])).toEqual([]);
  });
});

describe("mapWithConcurrency", () => {
  it("keeps input order", async () => {
    expect(await mapWithConcurrency([3, 1, 2], 2, async (n) => n * 10)).toEqual([30, 10, 20]);
  });
});
