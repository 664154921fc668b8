// The stylish report: grouping, alignment, summary line and colours, snapshotted in snapshots/lint/.
import { describe, expect, it } from "vitest";
import type { LintMessage } from "../../src/lint/define-rule.js";
import { formatStylish } from "../../src/lint/formatters/format-stylish.js";
import { createLintFile } from "../../src/lint/lint-file.js";
import { lintFiles } from "../../src/lint/run.js";
import { projectFor } from "./rule-tester.js";

function sample() {
  const skill = "---\nname: Pdf_Forms\ndescription: Fills forms.\n---\n\nSee [guide](guide.md).\n";
  const agents = "# Notes\n\n- Write clean code.\nLast updated: 2026-11-02\n";
  const files = [
    createLintFile(".agents/skills/Pdf_Forms/SKILL.md", "skill", skill),
    createLintFile("AGENTS.md", "context", agents),
  ];
  // The strict preset: the opinion rules the recommended set leaves off are part of the sample.
  return lintFiles({
    files,
    project: projectFor({ path: "AGENTS.md", code: agents, files: { ".agents/skills/Pdf_Forms/SKILL.md": skill } }),
    config: { extends: "strict" },
  });
}

describe("formatStylish", () => {
  it("groups findings by file with line:column, severity, message and rule, then a summary", async () => {
    await expect(formatStylish(sample(), { color: false })).toMatchFileSnapshot("../../snapshots/lint/stylish.txt");
  });

  it("colours only when asked", () => {
    expect(formatStylish(sample(), { color: true })).toContain("\u001b[31m");
    expect(formatStylish(sample(), { color: false })).not.toContain("\u001b[");
  });

  it("counts safe and suggested fixes apart in the summary", () => {
    const fix = { start: 0, end: 1, text: "" };
    const message = (rule: string, fixKind: "safe" | "suggest"): LintMessage => ({
      rule,
      messageId: "m",
      severity: "warning",
      message: "m",
      place: { line: 1, column: 1 },
      fix,
      fixKind,
    });
    const messages = [message("a/b", "safe"), message("a/c", "suggest"), message("a/d", "suggest")];
    const run = {
      results: [{ path: "AGENTS.md", messages, errorCount: 0, warningCount: 3, infoCount: 0, fixableCount: 1 }],
      errorCount: 0,
      warningCount: 3,
      infoCount: 0,
      fixableCount: 1,
      internalErrors: 0,
    };
    expect(formatStylish(run, { color: false }).split("\n").slice(-4)).toEqual([
      "⚠ 3 problems (0 errors, 3 warnings)",
      "  1 problem fixable with `promptc lint --fix`",
      "  2 problems fixable with `promptc lint --fix --fix-type suggest` (suggested fixes: preview with --fix-dry-run)",
      "",
    ]);
  });

  it("prints one summary line for a clean run, and nothing when no file was linted", () => {
    const clean = { path: "AGENTS.md", messages: [], errorCount: 0, warningCount: 0, infoCount: 0, fixableCount: 0 };
    expect(
      formatStylish(
        {
          results: [clean, { ...clean, path: "CLAUDE.md" }],
          errorCount: 0,
          warningCount: 0,
          infoCount: 0,
          fixableCount: 0,
          internalErrors: 0,
        },
        { color: false },
      ),
    ).toBe("✔ no problems in 2 files\n");
    expect(
      formatStylish(
        { results: [], errorCount: 0, warningCount: 0, infoCount: 0, fixableCount: 0, internalErrors: 0 },
        { color: false },
      ),
    ).toBe("");
  });
});
