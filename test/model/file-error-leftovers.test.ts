// Issue 15: every file error reads `cannot read PATH: reason`, with the reason in words; these are the messages
// that still carried the errno code in brackets.
import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";
import { loadTurnContext } from "../../src/discover/load-turn-context.js";
import { discoverSkills } from "../../src/discover/discover-skills.js";
import { discoverAgentsMd } from "../../src/discover/discover-agents-md.js";
import { createLintFile } from "../../src/lint/lint-file.js";
import { createMemoryLintFs, EMPTY_FACTS } from "../../src/lint/lint-project.js";
import { LINT_TARGETS } from "../../src/lint/define-rule.js";
import { lintFile } from "../../src/lint/run.js";

const messages = (r: { diagnostics: readonly { rule: string; message: string }[] }, rule: string) =>
  r.diagnostics.filter((d) => d.rule === rule).map((d) => d.message);

describe("file errors in words, not codes", () => {
  it("a missing working directory", () => {
    const r = loadTurnContext(createMemoryHost({ cwd: "/repo", home: "/h", files: {} }), { cwd: "/nope" });
    expect(messages(r, "discover/missing-cwd")).toEqual([
      "cannot read /nope: no such file or directory (the working directory)",
    ]);
  });

  it("a broken symlink in a skills folder", () => {
    const CH = "/home/u/.codex";
    const host = createMemoryHost({
      files: { "/repo/.git": "gitdir: x", [CH]: { dir: true }, [`${CH}/skills/self`]: { symlink: "self" } },
    });
    const r = discoverSkills(host, {
      cwd: "/repo",
      codexHome: CH,
      home: "/home/u",
      projectRootMarkers: [".git"],
      adminSkillsRoot: "/etc/codex/skills",
    });
    expect(messages(r, "skills/broken-symlink")).toEqual([
      `skipped: cannot read ${CH}/skills/self: too many levels of symbolic links`,
    ]);
  });

  it("a project doc that cannot be checked", () => {
    const host = createMemoryHost({
      files: { "/home/.codex": { dir: true }, "/r/.git": { dir: true }, "/r/c/AGENTS.md": { symlink: "AGENTS.md" } },
    });
    const r = discoverAgentsMd(host, {
      cwd: "/r/c",
      codexHome: "/home/.codex",
      budgetBytes: 4096,
      fallbackFilenames: [],
      projectRootMarkers: [".git"],
      decode: "lossy",
    });
    expect(messages(r, "agents-md/read-failed")).toEqual([
      "cannot read /r/c/AGENTS.md: too many levels of symbolic links; as in Codex, no project docs are sent",
    ]);
  });

  it("lint's unreadable file", () => {
    const file = createLintFile("AGENTS.md", "context", "", { error: "EACCES" });
    const project = {
      root: "/proj/project",
      fs: createMemoryLintFs({ "AGENTS.md": "" }, {}),
      nowMs: 0,
      targets: new Set(LINT_TARGETS),
      facts: EMPTY_FACTS,
    };
    const got = lintFile(file, project, { only: ["file/unreadable"] }).filter((m) => m.rule === "file/unreadable");
    expect(got.map((m) => m.message)).toEqual(["cannot read this file: permission denied"]);
  });
});
