import { describe, expect, it } from "vitest";
import { copilotAdapter } from "../../src/capture/adapters/copilot.js";
import { firstWireDifference, withoutPatternRunIds, withoutRunIds } from "../../src/capture/compare-wire-bodies.js";

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

describe("withoutPatternRunIds", () => {
  const blank = (v: unknown) => withoutPatternRunIds(v, copilotAdapter.runIdPatterns ?? []);
  it("blanks Copilot's session uuid and its millisecond time, keys and other text kept", () => {
    const a = {
      instructions: "Session folder: /h/.copilot/session-state/f43afad9-0b1d-4a1c-81b9-72416b46f690\n",
      input: [{ content: [{ text: "<current_datetime>2026-12-01T07:30:11.767+00:00</current_datetime>\n\nhi" }] }],
    };
    const b = {
      instructions: "Session folder: /h/.copilot/session-state/00000000-0000-4000-8000-000000000000\n",
      input: [{ content: [{ text: "<current_datetime>2026-12-01T00:00:00.000+00:00</current_datetime>\n\nhi" }] }],
    };
    expect(firstWireDifference(blank(a), blank(b))).toBeUndefined();
    expect(blank(a)).toEqual({
      instructions: "Session folder: /h/.copilot/session-state/<run id>\n",
      input: [{ content: [{ text: "<current_datetime><run id></current_datetime>\n\nhi" }] }],
    });
  });

  it("still finds a difference outside the patterns", () => {
    const a = { instructions: "session-state/f43afad9-0b1d-4a1c-81b9-72416b46f690 in /a" };
    const b = { instructions: "session-state/f43afad9-0b1d-4a1c-81b9-72416b46f690 in /b" };
    expect(firstWireDifference(blank(a), blank(b))?.path).toBe("$.instructions");
  });

  it("returns the body itself when there are no patterns", () => {
    const a = { x: "y" };
    expect(withoutPatternRunIds(a, [])).toBe(a);
  });
});
