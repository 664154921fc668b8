import { describe, expect, it } from "vitest";
import { discoverClaudeMd } from "../../../src/discover/claude-code/discover-claude-md.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";
import { createClaudeFolderMemo } from "../../../src/discover/claude-code/claude-folder-memo.js";
import { claudeMemoryLoad } from "../../../src/discover/agents/claude-memory-load.js";
import { harnessRefsOf } from "../../../src/discover/agents/discover-harness-loads.js";
import { PROFILE_LIST } from "../../../src/profiles/index.js";

const summary = (r: ReturnType<typeof discoverClaudeMd>) =>
  r.entries.map((e) => `${e.kind} ${e.path}${e.importedFrom ? ` <- ${e.importedFrom}` : ""}`);
/** Each drop with the rule of the diagnostic it carries. */
const drops = (r: ReturnType<typeof discoverClaudeMd>) =>
  r.dropped.map(({ diagnostic, ...d }) => ({ ...d, rule: diagnostic.rule }));

describe("discoverClaudeMd", () => {
  const files = {
    "/home/u/.claude/CLAUDE.md": "user\n",
    "/w/CLAUDE.md": "above the repo\n",
    "/w/repo/CLAUDE.md": "root @docs/style.md @missing.md\n",
    "/w/repo/docs/style.md": "style\n",
    "/w/repo/AGENTS.md": "agents\n",
    "/w/repo/src/CLAUDE.md": "src @./notes.md\n",
    "/w/repo/src/notes.md": "notes\n",
    "/w/repo/src/deeper/CLAUDE.md": "below the cwd\n",
  };

  it("loads the user's file, then every ancestor down to the cwd, imports after their importer", () => {
    const host = createMemoryHost({ files });
    const r = discoverClaudeMd(host, { cwd: "/w/repo/src", home: "/home/u", externalIncludesApproved: false });
    expect(summary(r)).toEqual([
      "user /home/u/.claude/CLAUDE.md",
      "project /w/CLAUDE.md",
      "project /w/repo/CLAUDE.md",
      "project /w/repo/src/CLAUDE.md",
      "project /w/repo/src/notes.md <- /w/repo/src/CLAUDE.md",
    ]);
    expect(drops(r)).toEqual([
      {
        path: "/w/repo/docs/style.md",
        reason: "outside-cwd",
        importedFrom: "/w/repo/CLAUDE.md",
        rule: "claude-md/import-outside-cwd",
      },
      {
        path: "/w/repo/missing.md",
        reason: "missing",
        importedFrom: "/w/repo/CLAUDE.md",
        rule: "claude-md/import-missing",
      },
      { path: "/w/repo/AGENTS.md", reason: "agents-md-ignored", rule: "claude-md/agents-md-ignored" },
    ]);
    expect(r.diagnostics.map((d) => d.rule)).toEqual([
      "claude-md/import-outside-cwd",
      "claude-md/import-missing",
      "claude-md/agents-md-ignored",
    ]);
  });

  it("gives launches sharing a memo the same drops, in words that name no launch folder", () => {
    const host = createMemoryHost({ files });
    const memo = createClaudeFolderMemo(host, "/home/u");
    const at = (cwd: string) => discoverClaudeMd(host, { cwd, home: "/home/u", externalIncludesApproved: false, memo });
    const src = at("/w/repo/src");
    const deeper = at("/w/repo/src/deeper");
    // Below src, src's own import is outside the launch folder too.
    expect(deeper.dropped.map((d) => d.path)).toEqual([
      "/w/repo/docs/style.md",
      "/w/repo/missing.md",
      "/w/repo/AGENTS.md",
      "/w/repo/src/notes.md",
    ]);
    for (const [i, d] of src.dropped.entries()) {
      expect(deeper.dropped[i]).toBe(d);
      expect(deeper.diagnostics).toContain(d.diagnostic);
    }
    for (const d of deeper.diagnostics) expect(d.message).not.toContain("/w/repo/src/deeper");
  });

  it("gives each drop its own diagnostic, not an earlier one naming a path that holds its own", () => {
    const host = createMemoryHost({ files: { "/r/CLAUDE.md": "@a.png.md\n\n@a.png\n", "/r/a.png": "png" } });
    const claude = harnessRefsOf(PROFILE_LIST).find((h) => h.discovery.type === "claude-memory");
    if (claude === undefined) throw new Error("no claude-memory profile");
    const load = claudeMemoryLoad(claude, host, "/r", "/home/none", "/r");
    expect(load.dropped.map((d) => [d.path, d.diagnostic?.rule, d.diagnostic?.place?.line])).toEqual([
      ["/r/a.png.md", "claude-md/import-missing", undefined],
      ["/r/a.png", "claude-md/import-not-text", 3],
    ]);
  });

  it("keeps an import outside the cwd when external includes are approved", () => {
    const host = createMemoryHost({ files });
    const r = discoverClaudeMd(host, { cwd: "/w/repo/src", home: "/home/u", externalIncludesApproved: true });
    expect(summary(r)).toContain("project /w/repo/docs/style.md <- /w/repo/CLAUDE.md");
  });

  it("reads each folder's AGENTS.md after its rules when no CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md has text", () => {
    const host = createMemoryHost({
      files: {
        "/home/u/.claude/CLAUDE.md": "the user's own file does not count\n",
        "/w/AGENTS.md": "above\n",
        "/w/r/AGENTS.md": "root @imp.md\n",
        "/w/r/imp.md": "not followed from AGENTS.md\n",
        "/w/r/CLAUDE.md": "\n\n",
        "/w/r/.claude/rules/r1.md": "rule one\n",
        "/w/r/src/.claude/CLAUDE.md": "",
        "/w/r/src/AGENTS.md": "src\n",
      },
    });
    const r = discoverClaudeMd(host, { cwd: "/w/r/src", home: "/home/u", externalIncludesApproved: false });
    expect(summary(r)).toEqual([
      "user /home/u/.claude/CLAUDE.md",
      "project /w/AGENTS.md",
      "project /w/r/.claude/rules/r1.md",
      "project /w/r/AGENTS.md",
      "project /w/r/src/AGENTS.md",
    ]);
  });

  it("leaves every AGENTS.md out when a CLAUDE.local.md has text", () => {
    const host = createMemoryHost({
      files: { "/r/AGENTS.md": "a\n", "/r/src/AGENTS.md": "b\n", "/r/src/CLAUDE.local.md": "local\n" },
    });
    const r = discoverClaudeMd(host, { cwd: "/r/src", externalIncludesApproved: false });
    expect(summary(r)).toEqual(["local /r/src/CLAUDE.local.md"]);
    expect(r.dropped.map((d) => `${d.reason} ${d.path}`)).toEqual([
      "agents-md-ignored /r/AGENTS.md",
      "agents-md-ignored /r/src/AGENTS.md",
    ]);
  });

  it("follows imports four levels deep", () => {
    const chain = Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => [`/r/d${i}.md`, i === 6 ? "end\n" : `d${i} @d${i + 1}.md\n`]),
    );
    const host = createMemoryHost({ files: { "/r/CLAUDE.md": "@d1.md\n", ...chain } });
    const r = discoverClaudeMd(host, { cwd: "/r", externalIncludesApproved: false });
    expect(r.entries.map((e) => e.path)).toEqual(["/r/CLAUDE.md", "/r/d1.md", "/r/d2.md", "/r/d3.md", "/r/d4.md"]);
    expect(drops(r)).toEqual([
      { path: "/r/d5.md", reason: "too-deep", importedFrom: "/r/d4.md", rule: "claude-md/import-too-deep" },
    ]);
  });

  it("leaves out imports of binary file types whatever their bytes, and keeps text ones without an extension", () => {
    const host = createMemoryHost({
      files: {
        "/r/CLAUDE.md": "@a.png @b.PNG @c.pdf @d.svg @e.dat @f.bin @noext @g.ts @h.lock\n",
        ...Object.fromEntries(
          ["a.png", "b.PNG", "c.pdf", "d.svg", "e.dat", "f.bin", "noext", "g.ts", "h.lock"].map((n) => [
            `/r/${n}`,
            `${n}\n`,
          ]),
        ),
      },
    });
    const r = discoverClaudeMd(host, { cwd: "/r", externalIncludesApproved: false });
    expect(r.entries.map((e) => e.path)).toEqual(["/r/CLAUDE.md", "/r/noext", "/r/g.ts", "/r/h.lock"]);
    expect(r.dropped.map((d) => `${d.reason} ${d.path}`)).toEqual(
      ["a.png", "b.PNG", "c.pdf", "d.svg", "e.dat", "f.bin"].map((n) => `not-text /r/${n}`),
    );
  });

  it("orders CLAUDE.md, .claude/CLAUDE.md, unconditional rules, CLAUDE.local.md per folder and follows an import cycle once", () => {
    const host = createMemoryHost({
      files: {
        "/r/CLAUDE.md": "@a.md\n",
        "/r/a.md": "@b.md\n",
        "/r/b.md": "@a.md\n",
        "/r/.claude/CLAUDE.md": "dot\n",
        "/r/.claude/rules/one.md": "---\ndescription: x\n---\none\n",
        "/r/.claude/rules/scoped.md": "---\npaths: src/**\n---\nscoped\n",
        "/r/CLAUDE.local.md": "local\n",
      },
    });
    const r = discoverClaudeMd(host, { cwd: "/r", externalIncludesApproved: false });
    expect(r.entries.map((e) => [e.path, e.content])).toEqual([
      ["/r/CLAUDE.md", "@a.md"],
      ["/r/a.md", "@b.md"],
      ["/r/b.md", "@a.md"],
      ["/r/.claude/CLAUDE.md", "dot"],
      ["/r/.claude/rules/one.md", "one"],
      ["/r/CLAUDE.local.md", "local"],
    ]);
    expect(drops(r)).toEqual([
      { path: "/r/.claude/rules/scoped.md", reason: "conditional-rule", rule: "claude-md/conditional-rule" },
    ]);
  });
});
