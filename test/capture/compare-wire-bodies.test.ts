import { describe, expect, it } from "vitest";
import { firstWireDifference, withoutRunIds } from "../../src/capture/compare-wire-bodies.js";

describe("firstWireDifference", () => {
  it.each([
    ["identical bodies", { a: [1, { b: "x" }] }, { a: [1, { b: "x" }] }, undefined],
    ["key order", { a: 1, b: 2 }, { b: 2, a: 1 }, { path: "$", what: "keys", a: "a,b", b: "b,a" }],
    [
      "a string, with the offset",
      { s: "hello world" },
      { s: "hello there" },
      { path: "$.s", what: "value", a: '"hello world"', b: '"hello there"', offset: 6 },
    ],
    ["an array length", { m: [1] }, { m: [1, 2] }, { path: "$.m", what: "length", a: "1", b: "2" }],
    ["a type", { m: "1" }, { m: 1 }, { path: "$.m", what: "type", a: "string", b: "number" }],
  ])("finds %s", (_name, a, b, expected) => {
    expect(firstWireDifference(a, b)).toEqual(expected);
  });
});

describe("withoutRunIds", () => {
  it("blanks the prompt cache key and Claude Code's session id, nothing else", () => {
    const a = {
      prompt_cache_key: "1",
      metadata: { user_id: JSON.stringify({ device_id: "d", account_uuid: "", session_id: "s1" }) },
    };
    const b = {
      prompt_cache_key: "2",
      metadata: { user_id: JSON.stringify({ device_id: "d", account_uuid: "", session_id: "s2" }) },
    };
    expect(firstWireDifference(withoutRunIds(a), withoutRunIds(b))).toBeUndefined();
    const c = {
      ...b,
      metadata: { user_id: JSON.stringify({ device_id: "other", account_uuid: "", session_id: "s2" }) },
    };
    expect(firstWireDifference(withoutRunIds(a), withoutRunIds(c))?.path).toBe("$.metadata.user_id");
  });
});
