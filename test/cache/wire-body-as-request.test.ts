import { describe, expect, it } from "vitest";
import { commonPrefix } from "../../src/cache/common-prefix.js";
import { bodyAsRequest, wireBodyAsRequest } from "../../src/cache/wire-body-as-request.js";
import { approxTokens } from "../../src/tokens/index.js";

const mark = { type: "ephemeral" };
const first = {
  model: "m",
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "ctx" },
        { type: "text", text: "ask" },
      ],
    },
    { role: "system", content: [{ type: "text", text: "env", cache_control: mark }], output_config: { effort: "x" } },
  ],
  system: [
    { type: "text", text: "id" },
    { type: "text", text: "rules", cache_control: mark },
  ],
  tools: [{ name: "Read" }],
};
const second = {
  ...first,
  messages: [
    first.messages[0],
    { role: "system", content: "env", output_config: { effort: "x" } },
    { role: "assistant", content: [{ type: "tool_use", id: "t", name: "Read", input: {} }] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "r", cache_control: mark }] },
  ],
};

describe("wireBodyAsRequest", () => {
  it("sees a resumed Anthropic body as extending the first: cache marks and string-or-block form aside", () => {
    const r = commonPrefix(wireBodyAsRequest(first)!, wireBodyAsRequest(second)!, { countTokens: approxTokens });
    expect(r.divergence).toBeNull();
    expect(r.commonItems).toBe(2);
  });

  it("finds the first message whose content changed", () => {
    const edited = { ...second, messages: [first.messages[0], { role: "system", content: "env 2" }] };
    const r = commonPrefix(wireBodyAsRequest(first)!, wireBodyAsRequest(edited)!, { countTokens: approxTokens });
    expect(r.divergence?.itemIndex).toBe(1);
  });

  it("reads Gemini contents and Chat Completions messages, tool calls included", () => {
    expect(
      wireBodyAsRequest({
        contents: [{ parts: [{ text: "a" }, { functionCall: { name: "f" } }], role: "model" }],
        systemInstruction: { parts: [{ text: "s" }], role: "user" },
      }),
    ).toEqual({
      instructions: "s",
      input: [
        {
          type: "message",
          role: "assistant",
          content: [{ type: "output_text", text: 'a\n{"functionCall":{"name":"f"}}' }],
        },
      ],
    });
    const chat = wireBodyAsRequest({
      messages: [{ role: "assistant", content: null, tool_calls: [{ id: "c" }] }],
    });
    expect(chat?.input).toEqual([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: '{"tool_calls":[{"id":"c"}]}' }] },
    ]);
    expect(wireBodyAsRequest({ input: [] })).toBeUndefined();
  });
});

describe("cache breakpoints and easy-input Responses bodies", () => {
  it("names the segments an Anthropic body marks with cache_control", () => {
    const mark = { type: "ephemeral" };
    const body = {
      model: "m",
      system: [{ type: "text", text: "s", cache_control: mark }],
      tools: [{ name: "t", input_schema: {} }],
      messages: [
        { role: "user", content: [{ type: "text", text: "a" }] },
        { role: "assistant", content: "b" },
        { role: "user", content: [{ type: "text", text: "c", cache_control: mark }] },
      ],
    };
    expect(wireBodyAsRequest(body)?.cacheBreakpoints).toEqual(["instructions", 2]);
  });

  it("reads a Responses body with `{ role, content }` items (pi's) as messages", () => {
    const r = bodyAsRequest({
      model: "m",
      input: [
        { role: "developer", content: "sys" },
        { role: "user", content: [{ type: "input_text", text: "hi" }] },
      ],
    });
    expect(r?.input).toEqual([
      { type: "message", role: "developer", content: [{ type: "input_text", text: "sys" }] },
      { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] },
    ]);
  });
});
