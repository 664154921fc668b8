import { describe, expect, it } from "vitest";
import {
  createFauxProvider,
  fauxReasoning,
  fauxResponse,
  fauxText,
  fauxToolCall,
} from "../../../src/loop/providers/faux.js";
import type { StreamEvent } from "../../../src/loop/provider.js";
import { approxTokens } from "../../../src/tokens/index.js";
import { baseRequest, user } from "../helpers/loop-fixtures.js";

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe("createFauxProvider", () => {
  it("streams scripted parts as Responses-shaped events", async () => {
    const provider = createFauxProvider({
      replies: [
        fauxResponse([fauxReasoning("think", "enc"), fauxText("Hi!"), fauxToolCall("echo", { text: "x" }, "c1")]),
      ],
      chunkChars: 2,
      countTokens: approxTokens,
    });
    const events = await collect(provider.stream(baseRequest([], [user("hello")])));
    expect(events.filter((e) => e.type !== "output_item_added")).toEqual([
      { type: "created", responseId: "resp_faux_0" },
      { type: "reasoning_summary_delta", outputIndex: 0, summaryIndex: 0, delta: "th" },
      { type: "reasoning_summary_delta", outputIndex: 0, summaryIndex: 0, delta: "in" },
      { type: "reasoning_summary_delta", outputIndex: 0, summaryIndex: 0, delta: "k" },
      {
        type: "output_item_done",
        outputIndex: 0,
        item: { type: "reasoning", summary: [{ type: "summary_text", text: "think" }], encrypted_content: "enc" },
      },
      { type: "text_delta", outputIndex: 1, delta: "Hi" },
      { type: "text_delta", outputIndex: 1, delta: "!" },
      {
        type: "output_item_done",
        outputIndex: 1,
        item: { type: "message", role: "assistant", content: [{ type: "output_text", text: "Hi!" }], id: "msg_faux_1" },
      },
      { type: "function_call_arguments_delta", outputIndex: 2, delta: '{"' },
      { type: "function_call_arguments_delta", outputIndex: 2, delta: "te" },
      { type: "function_call_arguments_delta", outputIndex: 2, delta: "xt" },
      { type: "function_call_arguments_delta", outputIndex: 2, delta: '":' },
      { type: "function_call_arguments_delta", outputIndex: 2, delta: '"x' },
      { type: "function_call_arguments_delta", outputIndex: 2, delta: '"}' },
      {
        type: "output_item_done",
        outputIndex: 2,
        item: { type: "function_call", name: "echo", arguments: '{"text":"x"}', call_id: "c1" },
      },
      expect.objectContaining({ type: "completed", responseId: "resp_faux_0" }),
    ]);
  });

  it("reports as cached the common prefix with the previous request of the same session", async () => {
    const long = "context ".repeat(2_000);
    const provider = createFauxProvider({
      replies: [fauxResponse([fauxText("a")]), fauxResponse([fauxText("b")]), fauxResponse([fauxText("c")])],
      countTokens: approxTokens,
    });
    const first = baseRequest([], [user(long)]);
    const second = { ...first, input: [...first.input, user("next")] };
    const other = { ...second, prompt_cache_key: "another-session" };
    await collect(provider.stream(first));
    await collect(provider.stream(second));
    await collect(provider.stream(other));
    const [u1, u2, u3] = provider.usages;
    expect(u1!.cachedInputTokens).toBe(0);
    // Turn 2 reads the whole first prompt from cache, floored to 128-token blocks above 1,024.
    expect(u2!.cachedInputTokens).toBe(1024 + Math.floor((u1!.inputTokens - 1 - 1024) / 128) * 128);
    expect(u3!.cachedInputTokens).toBe(0);
  });

  it("fails cleanly when the script runs out and applies scripted usage", async () => {
    const provider = createFauxProvider({
      replies: [fauxResponse([fauxText("x")], { totalTokens: 99_999 })],
      countTokens: approxTokens,
    });
    const first = await collect(provider.stream(baseRequest([], [user("a")])));
    expect(first.at(-1)).toMatchObject({ type: "completed", usage: { totalTokens: 99_999 } });
    expect(await collect(provider.stream(baseRequest([], [user("a")])))).toEqual([
      { type: "failed", error: { kind: "client", message: "faux provider: no scripted reply for request 1" } },
    ]);
    expect(provider.pending()).toBe(0);
  });
});
