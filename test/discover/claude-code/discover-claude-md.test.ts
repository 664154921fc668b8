import { describe, expect, it } from "vitest";
import { discoverClaudeMd } from "../../../src/discover/claude-code/discover-claude-md.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";

const summary = (r: ReturnType<typeof discoverClaudeMd>) =>
  r.entries.map((e) => `${e.kind} ${e.path}${e.importedFrom ? ` <- ${e.importedFrom}` : ""}`);

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
    expect(r.dropped).toEqual([
      { path: "/w/repo/docs/style.md", reason: "outside-cwd", importedFrom: "/w/repo/CLAUDE.md" },
      { path: "/w/repo/missing.md", reason: "missing", importedFrom: "/w/repo/CLAUDE.md" },
      { path: "/w/repo/AGENTS.md", reason: "agents-md-ignored" },
    ]);
    expect(r.diagnostics.map((d) => d.rule)).toEqual([
      "claude-md/import-outside-cwd",
      "claude-md/import-missing",
      "claude-md/agents-md-ignored",
    ]);
  });

  it("keeps an import outside the cwd when external includes are approved", () => {
    const host = createMemoryHost({ files });
    const r = discoverClaudeMd(host, { cwd: "/w/repo/src", home: "/home/u", externalIncludesApproved: true });
    expect(summary(r)).toContain("project /w/repo/docs/style.md <- /w/repo/CLAUDE.md");
  });

  it("reads AGENTS.md root first only when the project has no CLAUDE.md", () => {
    const host = createMemoryHost({
      files: { "/r/AGENTS.md": "a\n", "/r/src/AGENTS.md": "b\n", "/r/src/CLAUDE.local.md": "local\n" },
    });
    const r = discoverClaudeMd(host, { cwd: "/r/src", externalIncludesApproved: false });
    expect(summary(r)).toEqual(["project /r/AGENTS.md", "project /r/src/AGENTS.md", "local /r/src/CLAUDE.local.md"]);
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
    expect(r.dropped).toEqual([{ path: "/r/.claude/rules/scoped.md", reason: "conditional-rule" }]);
  });
});
