import { describe, expect, it } from "vitest";
import { parseResponsesEvent } from "../../../src/loop/sse/parse-responses-event.js";

const msg = (payload: object | string) => {
  const data = typeof payload === "string" ? payload : JSON.stringify(payload);
  return { event: "message", data, raw: `data: ${data}` };
};

describe("parseResponsesEvent", () => {
  it.each([
    [{ type: "response.created", response: { id: "r1" } }, [{ type: "created", responseId: "r1" }]],
    [
      { type: "response.output_text.delta", output_index: 1, delta: "hi" },
      [{ type: "text_delta", outputIndex: 1, delta: "hi" }],
    ],
    [
      { type: "response.reasoning_summary_text.delta", output_index: 0, summary_index: 2, delta: "th" },
      [{ type: "reasoning_summary_delta", outputIndex: 0, summaryIndex: 2, delta: "th" }],
    ],
    [
      { type: "response.function_call_arguments.delta", output_index: 3, delta: '{"a' },
      [{ type: "function_call_arguments_delta", outputIndex: 3, delta: '{"a' }],
    ],
    [
      {
        type: "response.output_item.done",
        output_index: 0,
        item: { type: "function_call", name: "shell", arguments: "{}", call_id: "c1" },
      },
      [
        {
          type: "output_item_done",
          outputIndex: 0,
          item: { type: "function_call", name: "shell", arguments: "{}", call_id: "c1" },
        },
      ],
    ],
    [{ type: "response.in_progress" }, []],
    [{ type: "response.some_future_event" }, []],
    ["[DONE]", []],
  ])("maps %j", (payload, expected) => {
    expect(parseResponsesEvent(msg(payload))).toEqual(expected);
  });

  it("reads usage including cached and reasoning tokens from response.completed", () => {
    const usage = {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 64 },
      output_tokens: 7,
      output_tokens_details: { reasoning_tokens: 3 },
      total_tokens: 107,
    };
    expect(parseResponsesEvent(msg({ type: "response.completed", response: { id: "r", usage } }))).toEqual([
      {
        type: "completed",
        responseId: "r",
        usage: { inputTokens: 100, cachedInputTokens: 64, outputTokens: 7, reasoningOutputTokens: 3, totalTokens: 107 },
      },
    ]);
  });

  it("classifies response.failed with a context_length_exceeded code", () => {
    const payload = {
      type: "response.failed",
      response: { error: { code: "context_length_exceeded", message: "too long" } },
    };
    expect(parseResponsesEvent(msg(payload))).toEqual([
      {
        type: "failed",
        error: { kind: "context_window_exceeded", message: "too long", code: "context_length_exceeded" },
      },
    ]);
  });

  it("turns a top-level error event into a failure", () => {
    expect(parseResponsesEvent(msg({ type: "error", code: "server_error", message: "boom" }))).toEqual([
      { type: "failed", error: { kind: "server", message: "boom", code: "server_error" } },
    ]);
  });

  it.each([
    ["{not json", "data is not valid JSON"],
    ["[1,2]", "data is not a JSON object"],
    [JSON.stringify({ no: "type" }), "event has no type"],
    [
      JSON.stringify({ type: "response.output_item.done", item: { type: "function_call", name: "x" } }),
      "function_call item without call_id, name or arguments",
    ],
    [JSON.stringify({ type: "response.output_text.delta", delta: 5 }), "delta is not a string"],
  ])("reports %s as malformed with the raw line", (data, reason) => {
    expect(parseResponsesEvent(msg(data))).toEqual([{ type: "malformed", raw: `data: ${data}`, reason }]);
  });
});
