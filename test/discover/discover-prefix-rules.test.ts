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
    const host = createMemoryHost({
      files: { "/c/rules/a.rules": 'prefix_rule(pattern=["aaa"])', "/c/rules/b.rules": 'prefix_rule(pattern=["bad"' },
    });
    const r = discoverPrefixRules(host, "/c");
    expect([r.value.approvedPrefixes, r.diagnostics.map((d) => `${d.rule}:${d.severity}`)]).toEqual([
      [],
      ["rules/syntax-error:error", "rules/all-ignored:warning"],
    ]);
  });

  it("says which *.rules entries it passes over (a folder, a FIFO, a dangling symlink)", () => {
    const host = createMemoryHost({
      files: {
        "/c/rules/d.rules": { dir: true },
        "/c/rules/f.rules": { fifo: true },
        "/c/rules/l.rules": { symlink: "gone" },
        "/c/rules/ok.rules": 'prefix_rule(pattern=["ok"])',
      },
    });
    const r = discoverPrefixRules(host, "/c");
    expect([r.value.approvedPrefixes, r.diagnostics.map((d) => `${d.file} ${d.message}`)]).toEqual([
      [["ok"]],
      [
        "/c/rules/d.rules ignored: a directory",
        "/c/rules/f.rules ignored: not a regular file",
        "/c/rules/l.rules ignored: cannot read /c/rules/l.rules: no such file or directory",
      ],
    ]);
  });

  it("is empty without a rules folder", () => {
    expect(discoverPrefixRules(createMemoryHost(), "/c")).toEqual({
      value: { rules: [], approvedPrefixes: [] },
      diagnostics: [],
    });
  });
});
