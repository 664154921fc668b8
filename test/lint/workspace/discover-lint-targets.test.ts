// The IO edge of lint through a MemoryHost: bad input becomes file status (never an exception), and the Codex
// facts come from the shared discovery code (AGENTS.md budget walk, SKILL.md parsing, prefix rules).
import { describe, expect, it } from "vitest";
import { computeLintFacts } from "../../../src/lint/workspace/compute-lint-facts.js";
import { decodeLintBytes, readLintFile } from "../../../src/lint/workspace/read-lint-file.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";
import { LINT_TARGETS } from "../../../src/lint/define-rule.js";
import { createLintFile } from "../../../src/lint/lint-file.js";
import { EMPTY_FACTS, createMemoryLintFs } from "../../../src/lint/lint-project.js";
import { LINT_MAX_FILE_BYTES } from "../../../src/lint/rules/file-too-large.js";
import { lintFiles } from "../../../src/lint/run.js";

const R = "/repo";

describe("readLintFile", () => {
  it("marks invalid UTF-8, binary, oversized and unreadable files instead of throwing", () => {
    const host = createMemoryHost({
      files: {
        [`${R}/bad-utf8/AGENTS.md`]: new Uint8Array([0x68, 0x69, 0xff, 0x0a]),
        [`${R}/bin/AGENTS.md`]: new Uint8Array([0x00, 0x01, 0x02]),
        [`${R}/big/AGENTS.md`]: "x".repeat(LINT_MAX_FILE_BYTES + 10),
        [`${R}/locked/AGENTS.md`]: { file: "secret", unreadable: true },
      },
    });
    const status = (p: string) => readLintFile(host, R, p, "context").status;
    expect(status("bad-utf8/AGENTS.md")).toEqual({ invalidUtf8: true });
    expect(status("bin/AGENTS.md")).toEqual({ binary: true });
    expect(status("big/AGENTS.md")).toEqual({ tooLargeBytes: LINT_MAX_FILE_BYTES + 10 });
    expect(status("locked/AGENTS.md")).toEqual({ error: "EACCES" });
    expect(status("missing/AGENTS.md")).toEqual({ error: "ENOENT" });
  });

  it("lints bad input into file/* findings only", () => {
    const files = [
      createLintFile(
        "a/SKILL.md",
        "skill",
        decodeLintBytes(new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xc3, 0x28, 0x0a])).text,
        { invalidUtf8: true },
      ),
      createLintFile("b/AGENTS.md", "context", "\u0000\u0000", { binary: true }),
      createLintFile("c/AGENTS.md", "context", "", { error: "EACCES" }),
    ];
    const run = lintFiles({
      files,
      project: { root: R, fs: createMemoryLintFs({}), nowMs: 0, targets: new Set(LINT_TARGETS), facts: EMPTY_FACTS },
    });
    expect(run.results.map((r) => [r.path, r.messages.map((m) => m.rule)])).toEqual([
      ["a/SKILL.md", ["skill/frontmatter-present", "file/invalid-utf8"]],
      ["b/AGENTS.md", ["file/binary"]],
      ["c/AGENTS.md", ["file/unreadable"]],
    ]);
    expect(run.internalErrors).toBe(0);
  });
});

describe("computeLintFacts", () => {
  it("walks AGENTS.md like Codex: the issue's 20,001 + 10,001 + 10,001 byte chain keeps 2,766 bytes of the deepest file", () => {
    const host = createMemoryHost({
      files: {
        [`${R}/.git`]: "gitdir: x\n",
        [`${R}/AGENTS.md`]: "r".repeat(20_000) + "\n",
        [`${R}/src/AGENTS.md`]: "s".repeat(10_000) + "\n",
        [`${R}/src/api/AGENTS.md`]: "a".repeat(10_000) + "\n",
      },
    });
    const files = ["AGENTS.md", "src/AGENTS.md", "src/api/AGENTS.md"].map((p) => readLintFile(host, R, p, "context"));
    const facts = computeLintFacts(host, files, { root: R });
    expect(facts.codexChains.get("src/api")).toEqual({
      dir: "src/api",
      maxBytes: 32768,
      names: ["AGENTS.override.md", "AGENTS.md"],
      files: [
        { path: "AGENTS.md", size: 20001, kept: 20001 },
        { path: "src/AGENTS.md", size: 10001, kept: 10001 },
        { path: "src/api/AGENTS.md", size: 10001, kept: 2766 },
      ],
    });
    const run = lintFiles({
      files,
      project: { root: R, fs: createMemoryLintFs({}), nowMs: 0, targets: new Set(["codex"]), facts },
      only: ["ctx/codex-chain-bytes"],
    });
    expect(run.results[2]!.messages.map((m) => [m.message, m.place])).toEqual([
      [
        "when Codex runs in src/api, only the first 2,766 of 10,001 bytes reach the model (32 KiB budget spent by ./AGENTS.md 20,001 B and src/AGENTS.md 10,001 B)",
        { line: 1, column: 2767 },
      ],
    ]);
  });

  it("records each SKILL.md as Codex parses it and each rules file's allow prefixes", () => {
    const host = createMemoryHost({ files: {} });
    const files = [
      createLintFile(".agents/skills/x/SKILL.md", "skill", "---\nname: x\n---\n"),
      createLintFile(
        ".agents/skills/y/SKILL.md",
        "skill",
        "---\nname: y\ndescription: |\n  Does y.\n  Use when asked.\n---\n",
      ),
      createLintFile(
        ".codex/rules/default.rules",
        "exec-policy",
        'prefix_rule(pattern=["git", "pull"])\nprefix_rule(pattern=["rm"], decision="forbidden")\n',
      ),
      createLintFile(".codex/rules/bad.rules", "exec-policy", "prefix_rule(pattern=[\n"),
    ];
    const facts = computeLintFacts(host, files, { root: R });
    expect([...facts.codexSkills.values()]).toEqual([
      { path: ".agents/skills/x/SKILL.md", error: "missing field `description`" },
      { path: ".agents/skills/y/SKILL.md", name: "y", description: "Does y. Use when asked." },
    ]);
    expect(facts.codexPrefixes.get(".codex/rules/default.rules")).toEqual({
      path: ".codex/rules/default.rules",
      prefixes: [["git", "pull"]],
      lines: [1],
    });
    expect(facts.codexPrefixes.get(".codex/rules/bad.rules")?.error?.line).toBeGreaterThan(0);
  });
});
