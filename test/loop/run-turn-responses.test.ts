// End-to-end: runTurn against the real Responses provider and a loopback HTTP server streaming SSE.
import { afterEach, describe, expect, it } from "vitest";
import { runTurn } from "../../src/loop/run-turn.js";
import { createResponsesProvider } from "../../src/loop/providers/responses.js";
import { createToolRegistry } from "../../src/loop/tools/tool-registry.js";
import { createModelCompactor } from "../../src/loop/create-model-compactor.js";
import type { AnyTool } from "../../src/loop/tool.js";
import {
  assistantMessage,
  functionCall,
  responseEvents,
  sse,
  sseReply,
  startSseServer,
  statusReply,
  type SseServer,
} from "./helpers/sse-server.js";
import { baseRequest, captureEvents, developer, echoTool, user, waitTool } from "./helpers/loop-fixtures.js";

const tools: AnyTool[] = [echoTool, waitTool];
let server: SseServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function turn(
  replies: Parameters<typeof startSseServer>[0],
  over: { signal?: AbortSignal; onEvent?: (e: unknown) => void; compaction?: boolean } = {},
) {
  server = await startSseServer(replies);
  const provider = createResponsesProvider({
    baseUrl: server.baseUrl,
    apiKey: "test",
    retry: { baseDelayMs: 1, maxRetries: 2 },
    random: () => 0.5,
  });
  const capture = captureEvents();
  const result = await runTurn({
    provider,
    request: baseRequest(tools, [developer("rules"), user("go")]),
    tools: createToolRegistry(tools),
    cwd: "/w",
    sandbox: "workspace-write",
    sessionId: "s-1",
    ...(over.signal ? { signal: over.signal } : {}),
    ...(over.compaction
      ? {
          compaction: {
            limit: undefined,
            compactor: createModelCompactor({
              provider,
              mode: "local",
              summaryPrefix: "PRIOR WORK:",
              compactPrompt: "Summarise.",
            }),
          },
        }
      : {}),
    onEvent: (e) => {
      capture.onEvent(e);
      over.onEvent?.(e);
    },
  });
  const bodies = server.requests.map((r) => JSON.parse(r.body) as { input: unknown[]; tools: unknown[] });
  return { result, capture, bodies };
}

describe("runTurn with the Responses provider", () => {
  it("runs a multi-step tool turn over HTTP with call_id linkage", async () => {
    const { result, bodies } = await turn([
      sseReply(sse(responseEvents([functionCall("echo", { text: "one" }, "call_A")]))),
      sseReply(sse(responseEvents([functionCall("echo", { text: "two" }, "call_B")]))),
      sseReply(sse(responseEvents([assistantMessage("finished")]))),
    ]);
    expect(result.status).toBe("completed");
    expect(bodies).toHaveLength(3);
    expect(bodies[2]!.input.slice(2)).toEqual([
      functionCall("echo", { text: "one" }, "call_A"),
      { type: "function_call_output", call_id: "call_A", output: "echo: one" },
      functionCall("echo", { text: "two" }, "call_B"),
      { type: "function_call_output", call_id: "call_B", output: "echo: two" },
    ]);
    expect(server!.requests.every((r) => r.headers.session_id === "s-1")).toBe(true);
  });

  it("waits out a 429 and succeeds", async () => {
    const { result, capture } = await turn([
      statusReply(429, { error: { message: "rate limited" } }, { "retry-after": "0" }),
      sseReply(sse(responseEvents([assistantMessage("ok")]))),
    ]);
    expect(result.status).toBe("completed");
    expect(capture.events.filter((e) => e.type === "retry")).toEqual([
      { type: "retry", step: 1, attempt: 1, maxRetries: 2, delayMs: 0, reason: "rate limited" },
    ]);
  });

  it("sends a step again when its stream breaks off mid-reply, keeping only the retried reply", async () => {
    const { result, bodies, capture } = await turn([
      (res) => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(sse(responseEvents([functionCall("echo", { text: "lost" }, "call_L")]).slice(0, 4)), () =>
          res.destroy(),
        );
      },
      sseReply(sse(responseEvents([functionCall("echo", { text: "kept" }, "call_K")]))),
      sseReply(sse(responseEvents([assistantMessage("done")]))),
    ]);
    expect(result.status).toBe("completed");
    expect(capture.types().filter((t) => t === "retry" || t === "tool_result" || t === "error")).toEqual([
      "retry",
      "tool_result",
    ]);
    expect(bodies[2]!.input.slice(2)).toEqual([
      functionCall("echo", { text: "kept" }, "call_K"),
      { type: "function_call_output", call_id: "call_K", output: "echo: kept" },
    ]);
  });

  it("compacts after a context-window error and retries successfully", async () => {
    const { result, bodies, capture } = await turn(
      [
        statusReply(400, {
          error: { code: "context_length_exceeded", message: "Your input exceeds the context window" },
        }),
        sseReply(sse(responseEvents([assistantMessage("we were asked to go")]))),
        sseReply(sse(responseEvents([assistantMessage("done")]))),
      ],
      { compaction: true },
    );
    expect(result.status).toBe("completed");
    expect(bodies[1]!.tools).toEqual([]);
    expect(bodies[2]!.input).toEqual([user("go"), user("PRIOR WORK:\nwe were asked to go")]);
    expect(capture.types().filter((t) => t === "error" || t === "compaction")).toEqual(["error", "compaction"]);
  });

  it("reports a malformed SSE line as a warning and finishes the turn", async () => {
    const events = responseEvents([assistantMessage("fine")]);
    const { result, capture } = await turn([
      sseReply(sse(events.slice(0, 1)) + "data: {oops\n\n" + sse(events.slice(1))),
    ]);
    expect(result.status).toBe("completed");
    expect(capture.events.filter((e) => e.type === "warning")).toEqual([
      {
        type: "warning",
        step: 1,
        message: "malformed stream line skipped: data is not valid JSON",
        raw: "data: {oops",
      },
    ]);
  });

  it("sends a schema failure back to the model as the tool output", async () => {
    const { bodies } = await turn([
      sseReply(sse(responseEvents([functionCall("echo", { text: 42 }, "call_X")]))),
      sseReply(sse(responseEvents([assistantMessage("sorry")]))),
    ]);
    expect(bodies[1]!.input.at(-1)).toEqual({
      type: "function_call_output",
      call_id: "call_X",
      output: "invalid arguments for echo: /text must be string",
    });
  });

  it("cancels mid-stream", async () => {
    const controller = new AbortController();
    const { result } = await turn(
      [
        (res) => {
          res.writeHead(200, { "content-type": "text/event-stream" });
          res.write(sse(responseEvents([assistantMessage("partial")]).slice(0, 3)));
        },
      ],
      {
        signal: controller.signal,
        onEvent: (e) => (e as { type: string }).type === "text_delta" && controller.abort(),
      },
    );
    expect(result.status).toBe("aborted");
  });

  it("cancels mid-tool and kills the running tool", async () => {
    const controller = new AbortController();
    const { result } = await turn([sseReply(sse(responseEvents([functionCall("wait", {}, "call_W")])))], {
      signal: controller.signal,
      onEvent: (e) => (e as { type: string }).type === "tool_call" && setImmediate(() => controller.abort()),
    });
    expect(result.status).toBe("aborted");
    expect(result.history.at(-1)).toEqual({
      type: "function_call_output",
      call_id: "call_W",
      output: "wait: stopped by signal",
    });
  });
});
