import { describe, expect, it } from "vitest";
import { runTurn, type RunTurnOptions } from "../../src/loop/run-turn.js";
import { createFauxProvider, fauxError, fauxResponse, fauxText, fauxToolCall } from "../../src/loop/providers/faux.js";
import { createToolRegistry } from "../../src/loop/tools/tool-registry.js";
import { createApprovalHook } from "../../src/loop/policy/create-approval-hook.js";
import { createModelCompactor } from "../../src/loop/create-model-compactor.js";
import { initialContextOf } from "../../src/loop/initial-context-of.js";
import { approxTokens } from "../../src/tokens/index.js";
import type { AnyTool } from "../../src/loop/tool.js";
import type { FauxStep } from "../../src/loop/providers/faux.js";
import {
  baseRequest,
  captureEvents,
  developer,
  echoTool,
  envContext,
  user,
  waitTool,
  writeNoteTool,
} from "./helpers/loop-fixtures.js";

const tools: AnyTool[] = [echoTool, writeNoteTool, waitTool];
const PREFIX = "SUMMARY OF EARLIER WORK:";

function setup(replies: FauxStep[], over: Partial<RunTurnOptions> = {}) {
  const provider = createFauxProvider({ replies, countTokens: approxTokens });
  const capture = captureEvents();
  const options: RunTurnOptions = {
    provider,
    request: baseRequest(tools, [developer("rules"), envContext("/w"), user("do the thing")]),
    tools: createToolRegistry(tools),
    cwd: "/w",
    sandbox: "workspace-write",
    sessionId: "session-1",
    onEvent: capture.onEvent,
    ...over,
  };
  return { provider, capture, options };
}

describe("runTurn", () => {
  it("runs a multi-step tool turn and links every output to its call by call_id", async () => {
    const { provider, capture, options } = setup([
      fauxResponse([
        fauxText("Looking."),
        fauxToolCall("echo", { text: "a" }, "c1"),
        fauxToolCall("echo", { text: "b" }, "c2"),
      ]),
      fauxResponse([fauxToolCall("echo", { text: "c" }, "c3")]),
      fauxResponse([fauxText("All done.")]),
    ]);
    const result = await runTurn(options);
    expect(result.status).toBe("completed");
    expect(result.lastMessage).toBe("All done.");
    expect(provider.requests).toHaveLength(3);
    expect(provider.requests[1]!.input.slice(3)).toEqual([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Looking." }] },
      { type: "function_call", name: "echo", arguments: '{"text":"a"}', call_id: "c1" },
      { type: "function_call", name: "echo", arguments: '{"text":"b"}', call_id: "c2" },
      { type: "function_call_output", call_id: "c1", output: "echo: a" },
      { type: "function_call_output", call_id: "c2", output: "echo: b" },
    ]);
    // Stateless: each request carries the whole previous input as its prefix.
    expect(provider.requests[2]!.input.slice(0, provider.requests[1]!.input.length)).toEqual(
      provider.requests[1]!.input,
    );
    expect(provider.requests.every((r) => r.store === false && !("previous_response_id" in r))).toBe(true);
    expect(capture.types()).toEqual([
      "turn_started",
      "request_compiled",
      "text_delta",
      "model_response",
      "tool_call",
      "tool_call",
      "tool_result",
      "tool_result",
      "request_compiled",
      "model_response",
      "tool_call",
      "tool_result",
      "request_compiled",
      "text_delta",
      "text_delta",
      "model_response",
      "turn_completed",
    ]);
  });

  it("returns a schema failure to the model as the tool's output and continues", async () => {
    const { provider, capture, options } = setup([
      fauxResponse([fauxToolCall("echo", { txt: 1 }, "bad")]),
      fauxResponse([fauxText("fixed")]),
    ]);
    const result = await runTurn(options);
    expect(result.status).toBe("completed");
    expect(provider.requests[1]!.input.at(-1)).toEqual({
      type: "function_call_output",
      call_id: "bad",
      output:
        "invalid arguments for echo: arguments must have required property 'text'; arguments must NOT have additional properties (txt)",
    });
    expect(capture.events.find((e) => e.type === "tool_call")).toMatchObject({ decision: { type: "invalid" } });
  });

  it("ends the turn as failed with an error event when the provider fails", async () => {
    const { capture, options } = setup([fauxError("client", "bad request")]);
    const result = await runTurn(options);
    expect(result.status).toBe("failed");
    expect(capture.events.filter((e) => e.type === "error")).toEqual([
      { type: "error", step: 1, error: { kind: "client", message: "bad request" } },
    ]);
  });

  it("stops at max steps", async () => {
    const loop = () => fauxResponse([fauxToolCall("echo", { text: "again" })]);
    const { options } = setup([loop(), loop(), loop(), loop()], { limits: { maxSteps: 3 } });
    const result = await runTurn(options);
    expect({ status: result.status, steps: result.steps }).toEqual({ status: "max_steps", steps: 3 });
  });

  it("stops when shouldStop says so", async () => {
    const { options } = setup([fauxResponse([fauxToolCall("echo", { text: "x" })])], {
      hooks: { shouldStop: () => true },
    });
    expect((await runTurn(options)).status).toBe("stopped");
  });

  it("applies transformRequest to what is sent", async () => {
    const { provider, options } = setup([fauxResponse([fauxText("ok")])], {
      hooks: { transformRequest: (r) => ({ ...r, input: [...r.input, user("injected")] }) },
    });
    await runTurn(options);
    expect(provider.requests[0]!.input.at(-1)).toEqual(user("injected"));
  });

  it("reports a denial from the approval hook to the model; afterToolCall rewrites only results of tools that ran", async () => {
    const { provider, options } = setup(
      [
        fauxResponse([
          fauxToolCall("echo", { text: "a" }, "c1"),
          fauxToolCall("write_note", { path: "n", text: "t" }, "c2"),
        ]),
        fauxResponse([fauxText("ok")]),
      ],
      {
        hooks: {
          beforeToolCall: (c) =>
            c.tool.name === "write_note" ? { type: "deny", reason: "policy says no" } : { type: "allow" },
          afterToolCall: (c) => ({ ...c.result, output: c.result.output.toUpperCase() }),
        },
      },
    );
    await runTurn(options);
    expect(provider.requests[1]!.input.slice(-2)).toEqual([
      { type: "function_call_output", call_id: "c1", output: "ECHO: A" },
      { type: "function_call_output", call_id: "c2", output: "Tool call refused: policy says no" },
    ]);
  });

  it("refuses writes in a read-only sandbox even with approval never", async () => {
    let asked = 0;
    const approval = createApprovalHook({
      facts: { sandbox: "read-only", approval: "never", writableRoots: ["/w"], approvedPrefixes: [] },
      cwd: "/w",
      ask: async () => (asked++, true),
    });
    const { provider, options } = setup(
      [fauxResponse([fauxToolCall("write_note", { path: "n", text: "t" }, "w1")]), fauxResponse([fauxText("ok")])],
      {
        sandbox: "read-only",
        hooks: { beforeToolCall: approval },
      },
    );
    await runTurn(options);
    expect(provider.requests[1]!.input.at(-1)).toEqual({
      type: "function_call_output",
      call_id: "w1",
      output: "Tool call refused: the sandbox is read-only: writes are refused",
    });
    expect(asked).toBe(0);
  });

  it("asks through the approval hook under on-request and honours a refusal", async () => {
    const questions: string[] = [];
    const approval = createApprovalHook({
      facts: { sandbox: "workspace-write", approval: "on-request", writableRoots: ["/w"], approvedPrefixes: [] },
      cwd: "/w",
      ask: async (q) => (questions.push(q.summary), false),
    });
    const { provider, options } = setup(
      [fauxResponse([fauxToolCall("write_note", { path: "/etc/x", text: "t" }, "w1")]), fauxResponse([fauxText("ok")])],
      {
        hooks: { beforeToolCall: approval },
      },
    );
    await runTurn(options);
    expect(questions).toEqual(["write /etc/x"]);
    expect(provider.requests[1]!.input.at(-1)).toEqual({
      type: "function_call_output",
      call_id: "w1",
      output: "Tool call refused: the user declined this call",
    });
  });

  it("compacts mid-turn when usage crosses the limit, with the summary last and the context re-injected", async () => {
    const { provider, capture, options } = setup([
      fauxResponse([fauxToolCall("echo", { text: "a" }, "c1")], { totalTokens: 5_000 }),
      fauxResponse([fauxText("we echoed a")]), // the summariser's reply
      fauxResponse([fauxText("finished")]),
    ]);
    options.compaction = {
      limit: 4_000,
      compactor: createModelCompactor({
        provider,
        mode: "local",
        summaryPrefix: PREFIX,
        compactPrompt: "Summarise.",
        initialContext: (r) => initialContextOf(r.input),
      }),
    };
    const result = await runTurn(options);
    expect(result.status).toBe("completed");
    expect(provider.requests[1]!.tools).toEqual([]);
    expect(provider.requests[1]!.input.at(-1)).toEqual(user("Summarise."));
    const compacted = [developer("rules"), envContext("/w"), user("do the thing"), user(`${PREFIX}\nwe echoed a`)];
    expect(provider.requests[2]!.input).toEqual(compacted);
    expect(capture.events.find((e) => e.type === "compaction")).toMatchObject({
      reason: "usage-limit",
      strategy: "local",
      tokensBefore: expect.any(Number),
      replacementHistory: compacted,
    });
  });

  it("does not compact when usage stays below the limit", async () => {
    const { capture, options, provider } = setup([
      fauxResponse([fauxToolCall("echo", { text: "a" })], { totalTokens: 1_000 }),
      fauxResponse([fauxText("ok")]),
    ]);
    options.compaction = {
      limit: 4_000,
      compactor: createModelCompactor({ provider, mode: "local", summaryPrefix: PREFIX, compactPrompt: "S" }),
    };
    await runTurn(options);
    expect(capture.types()).not.toContain("compaction");
  });

  it("compacts and retries when the request exceeds the context window", async () => {
    const { provider, capture, options } = setup([
      fauxError("context_window_exceeded", "too long"),
      fauxResponse([fauxText("summary")]),
      fauxResponse([fauxText("answer")]),
    ]);
    options.compaction = {
      limit: undefined,
      compactor: createModelCompactor({ provider, mode: "local", summaryPrefix: PREFIX, compactPrompt: "S" }),
    };
    const result = await runTurn(options);
    expect(result).toMatchObject({ status: "completed", lastMessage: "answer", steps: 1 });
    expect(capture.types()).toEqual([
      "turn_started",
      "request_compiled",
      "error",
      "compaction",
      "request_compiled",
      "text_delta",
      "model_response",
      "turn_completed",
    ]);
    expect(provider.requests[2]!.input).toEqual([user("do the thing"), user(`${PREFIX}\nsummary`)]);
  });

  it("uses remote compaction when the provider offers it", async () => {
    const provider = createFauxProvider({
      replies: [fauxError("context_window_exceeded", "too long"), fauxResponse([fauxText("answer")])],
      compactReplies: [[user("do the thing"), { type: "compaction", encrypted_content: "opaque" }, developer("stale")]],
      countTokens: approxTokens,
    });
    const { options } = setup([]);
    options.provider = provider;
    options.compaction = {
      limit: undefined,
      compactor: createModelCompactor({ provider, mode: "remote", summaryPrefix: PREFIX, compactPrompt: "S" }),
    };
    await runTurn(options);
    expect(provider.requests[1]!.input).toEqual([
      user("do the thing"),
      { type: "compaction", encrypted_content: "opaque" },
    ]);
  });

  it("cancels mid-stream", async () => {
    const controller = new AbortController();
    const { options, capture } = setup([{ type: "stall", parts: [fauxText("partial")] }], {
      signal: controller.signal,
    });
    options.onEvent = (e) => {
      capture.onEvent(e);
      if (e.type === "text_delta") controller.abort();
    };
    const result = await runTurn(options);
    expect(result.status).toBe("aborted");
    expect(capture.types().at(-1)).toBe("turn_completed");
  });

  it("cancels mid-tool: the running tool's signal fires and its output is recorded", async () => {
    const controller = new AbortController();
    const { options, capture } = setup([fauxResponse([fauxToolCall("wait", {}, "w1")])], { signal: controller.signal });
    options.onEvent = (e) => {
      capture.onEvent(e);
      // Once the tool has started (everything queued after the event has run), not after some time.
      if (e.type === "tool_call") setImmediate(() => controller.abort());
    };
    const result = await runTurn(options);
    expect(result.status).toBe("aborted");
    expect(result.history.at(-1)).toEqual({
      type: "function_call_output",
      call_id: "w1",
      output: "wait: stopped by signal",
    });
  });

  it("kills a tool that exceeds its timeout and tells the model", async () => {
    const { options, provider } = setup([
      fauxResponse([fauxToolCall("wait", {}, "w1")]),
      fauxResponse([fauxText("ok")]),
    ]);
    options.limits = { toolTimeoutMs: 20, toolTimeoutBounds: { minMs: 1, maxMs: 1_000 } };
    const result = await runTurn(options);
    expect(result.status).toBe("completed");
    expect(provider.requests[1]!.input.at(-1)).toEqual({
      type: "function_call_output",
      call_id: "w1",
      output: "wait: stopped by signal",
    });
  });

  it("runs parallel calls with at most the concurrency cap in flight, keeping call order", async () => {
    let inFlight = 0;
    let peak = 0;
    const slow: AnyTool = {
      ...echoTool,
      name: "slow",
      execute: async (args: { text: string }) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return { output: args.text, success: true };
      },
    };
    const calls = ["1", "2", "3", "4", "5"].map((t) => fauxToolCall("slow", { text: t }, `s${t}`));
    const { options, provider } = setup([fauxResponse(calls), fauxResponse([fauxText("ok")])], {
      limits: { concurrency: 2 },
    });
    options.tools = createToolRegistry([slow]);
    await runTurn(options);
    expect(peak).toBe(2);
    expect(provider.requests[1]!.input.slice(-5).map((i) => ("output" in i ? i.output : ""))).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
    ]);
  });
});
