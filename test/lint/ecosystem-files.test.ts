// The GitHub Action and the pre-commit hook definition: they run promptc lint, and the hook's file pattern
// selects exactly the kinds of files lint discovers.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { classifyLintPath } from "../../src/lint/lint-file.js";

const ROOT = join(import.meta.dirname, "..", "..");

describe("action.yml", () => {
  it("runs promptc lint with the preset and uploads its SARIF report to code scanning", () => {
    const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as {
      runs: { using: string; steps: { uses?: string; run?: string; with?: { sarif_file?: string } }[] };
      inputs: { [k: string]: unknown };
    };
    expect(action.runs.using).toBe("composite");
    const run = action.runs.steps.map((s) => s.run ?? "").join("\n");
    expect(run).toContain(
      'lint $PROMPTC_PATHS --preset "$PROMPTC_PRESET" --format sarif --output-file "$PROMPTC_SARIF"',
    );
    expect(
      action.runs.steps.find((s) => s.uses?.startsWith("github/codeql-action/upload-sarif@"))?.with?.sarif_file,
    ).toBe("${{ inputs.sarif-file }}");
    expect(Object.keys(action.inputs).sort()).toEqual([
      "args",
      "paths",
      "preset",
      "sarif-file",
      "snapshot",
      "upload-sarif",
    ]);
  });

  it("compares the prompt snapshots when asked, under CI (so never updating), and fails on their exit code", () => {
    const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as {
      runs: { steps: { id?: string; if?: string; run?: string; env?: { [k: string]: string } }[] };
    };
    const step = action.runs.steps.find((s) => s.id === "snapshot")!;
    expect(step.if).toBe("${{ inputs.snapshot == 'true' }}");
    expect(step.env?.CI).toBe("true");
    expect(step.run).toContain('node "$GITHUB_ACTION_PATH/dist/bin.js" snapshot\n');
    expect(action.runs.steps.some((s) => s.run === 'exit "${{ steps.snapshot.outputs.exit-code }}"')).toBe(true);
  });
});

describe(".pre-commit-hooks.yaml", () => {
  const hooks = parse(readFileSync(join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as {
    id: string;
    entry: string;
    language: string;
    files: string;
  }[];
  const files = new RegExp(hooks[0]!.files);

  it("defines the promptc-lint hook", () => {
    expect(hooks.map((h) => [h.id, h.entry, h.language])).toEqual([["promptc-lint", "promptc lint", "node"]]);
  });

  it("selects the files lint knows by name and nothing else", () => {
    const lintable = [
      "AGENTS.md",
      "pkg/AGENTS.override.md",
      "CLAUDE.md",
      "a/CLAUDE.local.md",
      "GEMINI.md",
      ".github/copilot-instructions.md",
      ".github/instructions/ts.instructions.md",
      ".cursor/rules/a.mdc",
      ".cursorrules",
      ".clinerules",
      ".clinerules/style.md",
      ".roo/rules/a.md",
      ".roo/rules-code/b.md",
      ".continue/rules/c.md",
      ".windsurf/rules/d.md",
      ".windsurfrules",
      ".agents/rules/e.mdc",
      ".cursor/commands/f.md",
      ".agents/skills/x/SKILL.md",
      ".codex/config.toml",
      ".codex/rules/default.rules",
      "templates/a/b.hbs",
    ];
    for (const p of lintable)
      expect({ p, hook: files.test(p), lint: classifyLintPath(p) !== undefined }).toEqual({
        p,
        hook: true,
        lint: true,
      });
    for (const p of ["README.md", "docs/AGENTS.txt", "src/config.toml", ".clinerules/workflows/release.md"])
      expect({ p, hook: files.test(p) }).toEqual({ p, hook: false });
  });
});
