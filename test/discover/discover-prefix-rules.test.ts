import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";
import { discoverPrefixRules } from "../../src/discover/discover-prefix-rules.js";

describe("discoverPrefixRules", () => {
  it("reads *.rules in name order and returns the allow prefixes only", () => {
    const host = createMemoryHost({
      files: {
        "/c/rules/default.rules": 'prefix_rule(pattern=["make"])\nprefix_rule(pattern=["rm"], decision="forbidden")\n',
        "/c/rules/a.rules": 'prefix_rule(pattern=["aaa"], decision="allow")\nprefix_rule(pattern=["make"])\n',
        "/c/rules/x.txt": 'prefix_rule(pattern=["txt"])\n',
      },
    });
    const r = discoverPrefixRules(host, "/c");
    expect([r.value.approvedPrefixes, r.value.rules.length, r.diagnostics]).toEqual([[["aaa"], ["make"]], 4, []]);
  });

  it("drops every approved prefix when one file fails, as Codex 0.171.0 does", () => {
    const host = createMemoryHost({ files: { "/c/rules/a.rules": 'prefix_rule(pattern=["aaa"])', "/c/rules/b.rules": 'prefix_rule(pattern=["bad"' } });
    const r = discoverPrefixRules(host, "/c");
    expect([r.value.approvedPrefixes, r.diagnostics.map((d) => `${d.rule}:${d.severity}`)]).toEqual([[], ["rules/syntax-error:error", "rules/all-ignored:warning"]]);
  });

  it("is empty without a rules folder", () => {
    expect(discoverPrefixRules(createMemoryHost(), "/c")).toEqual({ value: { rules: [], approvedPrefixes: [] }, diagnostics: [] });
  });
});
