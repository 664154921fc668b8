import { describe, expect, it } from "vitest";
import {
  classifyRequest,
  renderAuxReply,
  renderModelReply,
  renderTurnLimitReply,
} from "../../src/capture/render-reply.js";

const data = (chunks: string[]) =>
  chunks.map(
    (c) =>
      JSON.parse(
        c
          .split("\n")
          .find((l) => l.startsWith("data: "))
          ?.slice(6) ?? "null",
      ) as { type?: string; [k: string]: unknown },
  );

describe("classifyRequest", () => {
  it.each([
    ["POST", "/v1/responses", { type: "model", dialect: "responses" }],
    ["POST", "/v1/messages?beta=true", { type: "model", dialect: "anthropic-messages" }],
    ["POST", "/v1/messages/count_tokens", { type: "count-tokens" }],
    ["POST", "/v1/chat/completions", { type: "model", dialect: "chat-completions" }],
    ["POST", "/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse", { type: "model", dialect: "gemini" }],
    ["GET", "/v1/models", { type: "models-list" }],
    ["GET", "/v1/models/gpt-5", { type: "models-list" }],
    ["GET", "/health", { type: "other" }],
  ])("%s %s", (method, url, kind) => {
    expect(classifyRequest(method, url)).toEqual(kind);
  });
});

describe("renderModelReply", () => {
  it("streams a function call then completion with the scripted usage (Responses)", () => {
    const r = renderModelReply(
      "responses",
      { toolCalls: [{ name: "shell", arguments: '{"cmd":"ls"}' }], usage: { inputTokens: 60000 } },
      3,
    );
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/event-stream");
    const evs = data(r.chunks);
    expect(evs.map((e) => e.type)).toEqual([
      "response.created",
      "response.output_item.added",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(evs.map((e) => e.sequence_number)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(evs[4]?.item).toEqual({
      type: "function_call",
      id: "fc_3_0",
      call_id: "call_3_0",
      name: "shell",
      arguments: '{"cmd":"ls"}',
      status: "completed",
    });
    const done = evs[5]?.response as { usage: { input_tokens: number }; output: unknown[] };
    expect(done.usage.input_tokens).toBe(60000);
    expect(done.output).toEqual([evs[4]?.item]);
  });

  it("streams a text message part by part and ends with the whole response (Responses)", () => {
    const evs = data(renderModelReply("responses", { text: "Done.", toolCalls: [] }, 2).chunks);
    expect(evs.map((e) => e.type)).toEqual([
      "response.created",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(evs[3]?.delta).toBe("Done.");
    const done = evs[7]?.response as { status: string; output: { content: { text: string }[] }[] };
    expect(done.status).toBe("completed");
    expect(done.output[0]?.content[0]?.text).toBe("Done.");
  });

  it("streams text and a tool_use block with stop_reason tool_use (Messages)", () => {
    const evs = data(
      renderModelReply("anthropic-messages", { text: "hi", toolCalls: [{ name: "Bash", arguments: "{}" }] }, 1).chunks,
    );
    expect(evs.map((e) => e.type)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect((evs[7]?.delta as { stop_reason: string }).stop_reason).toBe("tool_use");
  });

  it("answers a scripted error with its status in the dialect's error shape", () => {
    expect(
      renderModelReply("anthropic-messages", { toolCalls: [], error: { status: 429, message: "slow" } }, 1),
    ).toEqual({
      status: 429,
      headers: { "content-type": "application/json" },
      chunks: ['{"type":"error","error":{"type":"rate_limit_error","message":"slow"}}'],
    });
    expect(renderTurnLimitReply("responses", 2).status).toBe(400);
  });

  it("ends chat completions with [DONE] and gemini with one candidate", () => {
    expect(renderModelReply("chat-completions", { text: "x", toolCalls: [] }, 1).chunks.at(-1)).toBe(
      "data: [DONE]\n\n",
    );
    expect(data(renderModelReply("gemini", { text: "x", toolCalls: [] }, 1).chunks)).toHaveLength(1);
  });

  it("answers gemini's non-streaming generateContent with one JSON body, not server-sent events", () => {
    const r = renderModelReply("gemini", { text: "x", toolCalls: [] }, 1, "/v1beta/models/m:generateContent");
    expect(r.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(r.chunks.join("")).candidates[0].content.parts).toEqual([{ text: "x" }]);
    const streamed = renderModelReply(
      "gemini",
      { text: "x", toolCalls: [] },
      1,
      "/v1beta/models/m:streamGenerateContent?alt=sse",
    );
    expect(streamed.headers["content-type"]).toBe("text/event-stream");
  });
});

describe("renderAuxReply", () => {
  it("lists no models and 404s unknown endpoints", () => {
    expect(renderAuxReply("models-list").status).toBe(200);
    expect(renderAuxReply("other").status).toBe(404);
    expect(JSON.parse(renderAuxReply("count-tokens").chunks[0] ?? "")).toEqual({ input_tokens: 100 });
  });
});
