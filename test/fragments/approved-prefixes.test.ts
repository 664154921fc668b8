import { describe, expect, it } from "vitest";
import {
  formatAllowPrefixes,
  MAX_ALLOW_PREFIX_TEXT_CHARS,
  PREFIXES_TRUNCATED_MARKER,
} from "../../src/fragments/approved-prefixes.js";

describe("formatAllowPrefixes", () => {
  it("sorts by token count, then total length, then tokens (11.3 #35)", () => {
    const r = formatAllowPrefixes([["b", "zz"], ["aa"], ["b"], ["a", "b", "c"], ["a"], ["b", "a"]]);
    expect(r).toEqual({
      text: '- ["a"]\n- ["b"]\n- ["aa"]\n- ["b", "a"]\n- ["b", "zz"]\n- ["a", "b", "c"]',
      diagnostics: [],
    });
  });

  it("keeps 100 entries, appends the marker and reports the cut when given 105 (11.3 #36)", () => {
    const prefixes = Array.from({ length: 105 }, (_, i) => [String(i).padStart(3, "0")]);
    const r = formatAllowPrefixes(prefixes);
    expect(r.text?.split("\n")).toHaveLength(101);
    expect(r.text?.endsWith(PREFIXES_TRUNCATED_MARKER)).toBe(true);
    expect(r.diagnostics).toEqual([
      {
        rule: "permissions/prefixes-truncated",
        severity: "warning",
        message: "approved command prefixes: rendered 100 of 105; Codex renders at most 100",
        data: { given: 105, kept: 100, limit: 100 },
      },
    ]);
  });

  it("cuts the text at 5,000 characters and reports it (11.3 #37)", () => {
    const prefixes = Array.from({ length: 200 }, (_, i) => [`tool-${String(i).padStart(3, "0")}`, "x".repeat(500)]);
    const r = formatAllowPrefixes(prefixes);
    expect(r.text?.length).toBeLessThanOrEqual(MAX_ALLOW_PREFIX_TEXT_CHARS + PREFIXES_TRUNCATED_MARKER.length);
    expect(r.diagnostics.map((d) => d.rule)).toEqual([
      "permissions/prefixes-truncated",
      "permissions/prefixes-text-truncated",
    ]);
    expect(r.diagnostics[1]?.data).toEqual({ chars: 100 * 519 - 1, kept: 5000, limit: 5000 });
  });

  it("counts characters, not bytes, when cutting", () => {
    const r = formatAllowPrefixes([["é".repeat(6000)]]);
    expect(Array.from(r.text ?? "").length).toBe(5000 + PREFIXES_TRUNCATED_MARKER.length);
  });

  it("escapes tokens as JSON strings", () =>
    expect(formatAllowPrefixes([['say "hi"\n']]).text).toBe('- ["say \\"hi\\"\\n"]'));
  it("omits the section when there are no prefixes", () =>
    expect(formatAllowPrefixes([])).toEqual({ text: undefined, diagnostics: [] }));
});
