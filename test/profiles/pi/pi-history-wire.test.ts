import { describe, expect, it } from "vitest";
import { normalizePiMessages, PI_HISTORY_WIRE } from "../../../src/profiles/pi/pi-history-wire.js";
import type { PiMessage } from "../../../src/profiles/pi/pi-session.js";

const conversation: PiMessage[] = [
  { role: "user", content: [{ type: "text", text: "ask" }] },
  {
    role: "assistant",
    content: [
      { type: "text", text: "Reading.", textSignature: '{"v":1,"id":"msg_a"}' },
      { type: "toolCall", id: "c1|fc_1", name: "read", arguments: { path: "x" } },
    ],
    stopReason: "toolUse",
  },
  {
    role: "toolResult",
    toolCallId: "c1|fc_1",
    toolName: "read",
    content: [{ type: "text", text: "X" }],
    isError: false,
  },
  { role: "assistant", content: [{ type: "text", text: "Done." }], stopReason: "stop" },
];

describe("PI_HISTORY_WIRE", () => {
  it("writes the Responses API's items with the recorded ids", () => {
    expect(PI_HISTORY_WIRE["openai-responses"](conversation)).toEqual([
      { role: "user", content: [{ type: "input_text", text: "ask" }] },
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Reading.", annotations: [] }],
        status: "completed",
        id: "msg_a",
      },
      { type: "function_call", id: "fc_1", call_id: "c1", name: "read", arguments: '{"path":"x"}' },
      { type: "function_call_output", call_id: "c1", output: "X" },
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Done.", annotations: [] }],
        status: "completed",
        id: "msg_3",
      },
    ]);
  });

  it("writes Chat Completions, Anthropic and Gemini messages", () => {
    expect(PI_HISTORY_WIRE["openai-completions"](conversation).slice(1)).toEqual([
      {
        role: "assistant",
        content: "Reading.",
        tool_calls: [{ id: "c1|fc_1", type: "function", function: { name: "read", arguments: '{"path":"x"}' } }],
      },
      { role: "tool", content: "X", tool_call_id: "c1|fc_1" },
      { role: "assistant", content: "Done." },
    ]);
    expect(PI_HISTORY_WIRE["anthropic-messages"](conversation).slice(1, 3)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "text", text: "Reading." },
          { type: "tool_use", id: "c1|fc_1", name: "read", input: { path: "x" } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "c1|fc_1", content: "X", is_error: false }] },
    ]);
    expect(PI_HISTORY_WIRE["google-generative-ai"](conversation).slice(1, 3)).toEqual([
      { parts: [{ text: "Reading." }, { functionCall: { args: { path: "x" }, name: "read" } }], role: "model" },
      { parts: [{ functionResponse: { name: "read", response: { output: "X" } } }], role: "user" },
    ]);
  });
});

describe("normalizePiMessages", () => {
  it("drops failed replies and answers a call left without a result before the next message", () => {
    const out = normalizePiMessages([
      { role: "assistant", content: [{ type: "text", text: "half" }], stopReason: "aborted" },
      {
        role: "assistant",
        content: [{ type: "toolCall", id: "c", name: "bash", arguments: {} }],
        stopReason: "toolUse",
      },
      { role: "user", content: "next" },
    ]);
    expect(out.map((m) => m.role)).toEqual(["assistant", "toolResult", "user"]);
    expect(out[1]).toMatchObject({
      toolCallId: "c",
      isError: true,
      content: [{ type: "text", text: "No result provided" }],
    });
  });
});
