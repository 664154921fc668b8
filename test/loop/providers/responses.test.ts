import { afterEach, describe, expect, it } from "vitest";
import { createResponsesProvider } from "../../../src/loop/providers/responses.js";
import type { StreamEvent } from "../../../src/loop/provider.js";
import type { ResponsesRequest } from "../../../src/model/request.js";
import {
  assistantMessage,
  functionCall,
  responseEvents,
  sse,
  sseReply,
  startSseServer,
  statusReply,
  type SseServer,
} from "../helpers/sse-server.js";

const request: ResponsesRequest = {
  model: "m",
  stream: true,
  input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] }],
  tools: [],
  tool_choice: "auto",
  parallel_tool_calls: false,
  reasoning: null,
  store: false,
  include: [],
  prompt_cache_key: "s1",
};

let server: SseServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const fast = { retry: { baseDelayMs: 1, maxRetries: 3 }, random: () => 0.5 };

describe("createResponsesProvider", () => {
  it("streams text and a function call, posting the exact body with auth and session headers", async () => {
    server = await startSseServer([
      sseReply(sse(responseEvents([assistantMessage("Hello"), functionCall("shell", { command: ["ls"] }, "call_1")]))),
    ]);
    const provider = createResponsesProvider({ baseUrl: server.baseUrl, apiKey: "k", ...fast });
    const events = await collect(provider.stream(request, { sessionId: "s1" }));
    expect(events.filter((e) => e.type === "output_item_done").map((e) => e.item)).toEqual([
      assistantMessage("Hello"),
      functionCall("shell", { command: ["ls"] }, "call_1"),
    ]);
    expect(events.filter((e) => e.type === "text_delta")).toEqual([
      { type: "text_delta", outputIndex: 0, delta: "Hello" },
    ]);
    expect(events.at(-1)).toEqual({
      type: "completed",
      responseId: "resp_1",
      usage: { inputTokens: 10, cachedInputTokens: 0, outputTokens: 5, reasoningOutputTokens: 0, totalTokens: 15 },
    });
    expect(server.requests.map((r) => [r.url, r.body, r.headers.authorization, r.headers.session_id])).toEqual([
      ["/v1/responses", JSON.stringify(request), "Bearer k", "s1"],
    ]);
  });

  it("retries a 429 after the retry-after delay and then succeeds", async () => {
    server = await startSseServer([
      statusReply(429, { error: { code: "rate_limit_exceeded", message: "slow down" } }, { "retry-after-ms": "5" }),
      sseReply(sse(responseEvents([assistantMessage("ok")]))),
    ]);
    const events = await collect(createResponsesProvider({ baseUrl: server.baseUrl, ...fast }).stream(request));
    expect(events[0]).toEqual({ type: "retry", attempt: 1, maxRetries: 3, delayMs: 5, reason: "slow down" });
    expect(events.at(-1)?.type).toBe("completed");
    expect(server.requests.length).toBe(2);
  });

  it("retries 5xx until the retries are spent and reports a server error", async () => {
    server = await startSseServer([statusReply(503, { error: { message: "overloaded" } })]);
    const events = await collect(createResponsesProvider({ baseUrl: server.baseUrl, ...fast }).stream(request));
    expect(events.map((e) => e.type)).toEqual(["retry", "retry", "retry", "failed"]);
    expect(events.at(-1)).toEqual({
      type: "failed",
      error: { kind: "server", status: 503, message: "overloaded (gave up after 3 retries)" },
    });
    expect(server.requests.length).toBe(4);
  });

  it("classifies a 400 context_length_exceeded without retrying", async () => {
    server = await startSseServer([
      statusReply(400, { error: { code: "context_length_exceeded", message: "input too long" } }),
    ]);
    const events = await collect(createResponsesProvider({ baseUrl: server.baseUrl, ...fast }).stream(request));
    expect(events).toEqual([
      {
        type: "failed",
        error: {
          kind: "context_window_exceeded",
          status: 400,
          code: "context_length_exceeded",
          message: "input too long",
        },
      },
    ]);
    expect(server.requests.length).toBe(1);
  });

  it("reports a malformed line with its raw text and keeps streaming", async () => {
    const events = responseEvents([assistantMessage("fine")]);
    const body = sse(events.slice(0, 2)) + "data: {broken json\n\n" + sse(events.slice(2));
    server = await startSseServer([sseReply(body)]);
    const out = await collect(createResponsesProvider({ baseUrl: server.baseUrl, ...fast }).stream(request));
    expect(out.filter((e) => e.type === "malformed")).toEqual([
      { type: "malformed", raw: "data: {broken json", reason: "data is not valid JSON" },
    ]);
    expect(out.at(-1)?.type).toBe("completed");
  });

  it("sends the request again when the stream closes before response.completed, and gives up after the retries", async () => {
    server = await startSseServer([sseReply(sse(responseEvents([assistantMessage("cut")]).slice(0, 3)))]);
    const out = await collect(createResponsesProvider({ baseUrl: server.baseUrl, ...fast }).stream(request));
    expect(out.filter((e) => e.type === "retry" || e.type === "failed")).toEqual([
      { type: "retry", attempt: 1, maxRetries: 3, delayMs: 1, reason: "stream closed before response.completed" },
      { type: "retry", attempt: 2, maxRetries: 3, delayMs: 2, reason: "stream closed before response.completed" },
      { type: "retry", attempt: 3, maxRetries: 3, delayMs: 4, reason: "stream closed before response.completed" },
      { type: "failed", error: { kind: "network", message: "stream closed before response.completed" } },
    ]);
    expect(server.requests.length).toBe(4);
  });

  it("recovers from a stream that breaks off mid-reply: retry, then the whole reply again", async () => {
    server = await startSseServer([
      (res) => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(sse(responseEvents([assistantMessage("partial")]).slice(0, 3)), () => res.destroy());
      },
      sseReply(sse(responseEvents([assistantMessage("whole")]))),
    ]);
    const out = await collect(createResponsesProvider({ baseUrl: server.baseUrl, ...fast }).stream(request));
    expect(
      out
        .filter((e) => e.type === "text_delta" || e.type === "retry" || e.type === "output_item_done")
        .map((e) => (e.type === "retry" ? "retry" : e.type === "text_delta" ? e.delta : "done")),
    ).toEqual(["partial", "retry", "whole", "done"]);
    expect(out.at(-1)?.type).toBe("completed");
  });

  it("retries a response.failed with a server error but not one with a context-window error", async () => {
    const failed = (code: string) =>
      sseReply(
        sse([
          { type: "response.created", response: { id: "r" } },
          { type: "response.failed", response: { error: { code, message: code } } },
        ]),
      );
    server = await startSseServer([failed("server_error"), failed("context_length_exceeded")]);
    const out = await collect(createResponsesProvider({ baseUrl: server.baseUrl, ...fast }).stream(request));
    expect(out.filter((e) => e.type === "retry" || e.type === "failed")).toEqual([
      { type: "retry", attempt: 1, maxRetries: 3, delayMs: 1, reason: "server_error" },
      {
        type: "failed",
        error: { kind: "context_window_exceeded", code: "context_length_exceeded", message: "context_length_exceeded" },
      },
    ]);
  });

  it("derives text and reasoning deltas from finished items when the server sends none", async () => {
    const reasoning = { type: "reasoning", summary: [{ type: "summary_text", text: "thinking" }] };
    const events = [
      { type: "response.created", response: { id: "r" } },
      { type: "response.output_item.done", output_index: 0, item: reasoning },
      { type: "response.output_item.done", output_index: 1, item: assistantMessage("no deltas here") },
      { type: "response.completed", response: { id: "r" } },
    ];
    server = await startSseServer([sseReply(sse(events))]);
    const out = await collect(createResponsesProvider({ baseUrl: server.baseUrl, ...fast }).stream(request));
    expect(out.filter((e) => e.type === "text_delta" || e.type === "reasoning_summary_delta")).toEqual([
      { type: "reasoning_summary_delta", outputIndex: 0, summaryIndex: 0, delta: "thinking" },
      { type: "text_delta", outputIndex: 1, delta: "no deltas here" },
    ]);
  });

  it("stops mid-stream when the signal aborts", async () => {
    server = await startSseServer([
      (res) => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(sse(responseEvents([assistantMessage("partial")]).slice(0, 3)));
        // never ends: only the abort can finish this stream
      },
    ]);
    const controller = new AbortController();
    const out: StreamEvent[] = [];
    for await (const e of createResponsesProvider({ baseUrl: server.baseUrl, ...fast }).stream(request, {
      signal: controller.signal,
    })) {
      out.push(e);
      if (e.type === "text_delta") controller.abort();
    }
    expect(out.at(-1)).toEqual({ type: "failed", error: { kind: "aborted", message: "aborted" } });
  });

  it("compacts remotely through /responses/compact", async () => {
    const summary = { type: "compaction", encrypted_content: "abc" };
    server = await startSseServer([statusReply(200, { output: [summary] })]);
    const provider = createResponsesProvider({ baseUrl: server.baseUrl, ...fast });
    const result = await provider.compact!({ model: "m", input: request.input, tools: [], parallel_tool_calls: false });
    expect(result).toEqual({ ok: true, output: [summary] });
    expect(server.requests[0]?.url).toBe("/v1/responses/compact");
  });
});
