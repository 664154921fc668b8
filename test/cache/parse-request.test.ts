import { describe, expect, it } from "vitest";
import { parseRequest, REQUEST_PROBLEMS_MAX } from "../../src/cache/parse-request.js";

const user = (text: unknown) => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });

describe("parseRequest", () => {
  it.each<[string, unknown, ReturnType<typeof parseRequest>]>([
    ["a body", { input: [user("x")], tools: [] }, { ok: true, request: { input: [user("x")], tools: [] } as never }],
    [
      "a result carrying one under request",
      { request: { input: [] }, manifest: {} },
      { ok: true, request: { input: [] } },
    ],
    [
      "an unknown item type (captures hold types promptc does not model)",
      { input: [{ type: "additional_tools", tools: [] }] },
      { ok: true, request: { input: [{ type: "additional_tools", tools: [] }] } as never },
    ],
    ["no input", { model: "m" }, { ok: false, problems: ['no "input" array'] }],
    ["an array", [1], { ok: false, problems: ['no "input" array'] }],
    ["null", null, { ok: false, problems: ['no "input" array'] }],
    [
      "a text part without text",
      { input: [user(undefined)] },
      { ok: false, problems: ["$.input[0].content[0].text must be a string"] },
    ],
    [
      "an image part without a URL",
      { input: [{ type: "message", role: "user", content: [{ type: "input_image" }] }] },
      { ok: false, problems: ["$.input[0].content[0].image_url must be a string"] },
    ],
    [
      "a message without role and content",
      { input: [{ type: "message" }] },
      { ok: false, problems: ["$.input[0].role must be a string", "$.input[0].content must be an array"] },
    ],
    [
      "items that are not objects",
      { input: [5, null, { type: 3 }] },
      {
        ok: false,
        problems: [
          '$.input[0] must be an object with a string "type"',
          '$.input[1] must be an object with a string "type"',
          '$.input[2] must be an object with a string "type"',
        ],
      },
    ],
    [
      "a call with a numeric call_id",
      { input: [{ type: "function_call", name: "f", call_id: 7 }] },
      { ok: false, problems: ["$.input[0].call_id must be a string"] },
    ],
    ["tools that are not an array", { input: [], tools: {} }, { ok: false, problems: ["$.tools must be an array"] }],
    [
      "a tool that is not an object",
      { input: [], tools: ["x"] },
      { ok: false, problems: ["$.tools[0] must be an object"] },
    ],
    [
      "non-string instructions and model",
      { input: [], instructions: 1, model: [] },
      { ok: false, problems: ["$.instructions must be a string", "$.model must be a string"] },
    ],
  ])("checks %s", (_name, value, expected) => {
    expect(parseRequest(value)).toEqual(expected);
  });

  it(`reports at most ${REQUEST_PROBLEMS_MAX} problems for a body full of them`, () => {
    const r = parseRequest({ input: Array.from({ length: 1000 }, () => 1) });
    expect(r.ok ? [] : r.problems).toHaveLength(REQUEST_PROBLEMS_MAX);
  });
});
