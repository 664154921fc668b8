// `promptc lint` end to end through the CLI: discovery, .gitignore, formats, exit codes, --fix, --stdin, config.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LINT_JSON_SCHEMA } from "../../src/lint/formatters/format-json.js";
import { lintCli } from "./run-lint-cli.js";

const FIXTURE = join(import.meta.dirname, "..", "..", "fixtures", "lint", "workspaces", "mixed");

const lint = (args: string[], cwd: string, stdin?: string) => lintCli(args, cwd, stdin);

describe("runLint", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "promptc-lint-"));
    cpSync(FIXTURE, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reports findings grouped by file, honours .gitignore and exits 1 on errors", async () => {
    const r = await lint(["--no-config"], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(".agents/skills/Bad_Name/SKILL.md\n  2:7   error  skill name 'Bad_Name'");
    expect(r.stdout).toContain("AGENTS.md\n  4:6  warning  'npm run deploy'");
    expect(r.stdout).not.toContain("ignored/AGENTS.md");
    expect(r.stdout).toContain("✖ 5 problems (3 errors, 2 warnings)");
    expect(r.stdout).not.toContain("\u001b[");
  });

  it("exits 0 when only warnings remain, and 1 with --strict or over --max-warnings", async () => {
    const only = [
      "--no-config",
      "--rule",
      "skill/name-format:off",
      "--rule",
      "sec/invisible-unicode:off",
      "--rule",
      "config/value-range:off",
      "--rule",
      "ctx/commands-exist:warn",
    ];
    expect((await lint(only, dir)).code).toBe(0);
    expect((await lint([...only, "--strict"], dir)).code).toBe(1);
    expect((await lint([...only, "--max-warnings", "2"], dir)).code).toBe(0);
    expect((await lint([...only, "--max-warnings", "1"], dir)).code).toBe(1);
  });

  it("takes the rule set from --preset (strict adds the opinion rules) and prints errors only with --quiet", async () => {
    const recommended = await lint(["--no-config", "--format", "json"], dir);
    const strict = await lint(["--no-config", "--format", "json", "--preset", "strict"], dir);
    const rules = (r: { stdout: string }) =>
      (JSON.parse(r.stdout) as { results: { messages: { ruleId: string }[] }[] }).results.flatMap((f) =>
        f.messages.map((m) => m.ruleId),
      );
    expect(rules(recommended)).not.toContain("skill/description-when");
    expect(rules(strict)).toContain("skill/description-when");
    const quiet = await lint(["--no-config", "--quiet"], dir);
    expect(quiet.stdout).toContain("error");
    expect(quiet.stdout).not.toMatch(/\d  warning  /);
    const bad = await lint(["--no-config", "--preset", "loose"], dir);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      "promptc lint: unknown preset 'loose' (expected recommended, strict, all)\n",
    ]);
  });

  it("exits 2 with a one-line reason on usage errors", async () => {
    for (const args of [
      ["--format", "xml"],
      ["--rule", "no/such-rule:error"],
      ["--explain", "no/such-rule"],
      ["missing-dir"],
      ["--max-files", "2"],
      ["--stdin-filename", "CLAUDE.md"],
      ["--json", "-f", "sarif"],
      ["--preset", "loose"],
    ]) {
      const r = await lint(["--no-config", ...args], dir);
      expect({ args, code: r.code, lines: r.stderr.trim().split("\n").length }).toEqual({ args, code: 2, lines: 1 });
      expect(r.stderr).toMatch(/^promptc lint: /);
    }
  });

  it("prints JSON that validates against the published result schema", async () => {
    const r = await lint(["--no-config", "--format", "json"], dir);
    const doc = JSON.parse(r.stdout);
    const validate = new Ajv({ strict: false }).compile(LINT_JSON_SCHEMA);
    expect(validate(doc)).toBe(true);
    expect(doc.summary).toEqual({ errorCount: 3, warningCount: 2, infoCount: 0, fixableCount: 2 });
  });

  it("prints the same JSON for --json as for --format json", async () => {
    const viaFlag = await lint(["--no-config", "--json"], dir);
    expect(viaFlag.code).toBe(1);
    expect(viaFlag.stdout).toBe((await lint(["--no-config", "--format", "json"], dir)).stdout);
    expect(JSON.parse(viaFlag.stdout).summary.errorCount).toBe(3);
  });

  it("prints GitHub workflow commands", async () => {
    const r = await lint(["--no-config", "--format", "github", "AGENTS.md"], dir);
    expect(r.stdout).toBe(
      "::warning file=AGENTS.md,line=4,col=6,endLine=4,endColumn=20,title=ctx/commands-exist::'npm run deploy': no script 'deploy' in package.json\n",
    );
  });

  it("applies safe fixes with --fix and computes the exit code from what remains", async () => {
    const skill = join(dir, ".agents/skills/Bad_Name/SKILL.md");
    const r = await lint(["--no-config", "--fix", ".agents"], dir);
    expect(readFileSync(skill, "utf8")).toBe(
      "---\nname: bad-name\ndescription: Does things.\n---\n\nBody with a zerowidth space.\n",
    );
    // The renamed skill now mismatches its folder: an error that only a human can fix.
    expect(r.stdout).toContain("skill/name-matches-dir");
    expect(r.code).toBe(1);
  });

  it("prints a diff and writes nothing with --fix-dry-run", async () => {
    const skill = join(dir, ".agents/skills/Bad_Name/SKILL.md");
    const before = readFileSync(skill, "utf8");
    const r = await lint(["--no-config", "--fix-dry-run", ".agents"], dir);
    expect(readFileSync(skill, "utf8")).toBe(before);
    expect(r.stdout).toContain(
      "--- a/.agents/skills/Bad_Name/SKILL.md\n+++ b/.agents/skills/Bad_Name/SKILL.md\n@@ -1,7 +1,7 @@\n ---\n-name: Bad_Name\n+name: bad-name\n description: Does things.\n ---\n \n-Body with a zero\u200Bwidth space.\n+Body with a zerowidth space.\n \n",
    );
  });

  it("lints standard input as the file named by --stdin-filename", async () => {
    const r = await lint(
      ["--no-config", "--stdin", "--stdin-filename", "docs/CLAUDE.md", "--format", "json"],
      dir,
      "See @missing.md\n",
    );
    const doc = JSON.parse(r.stdout);
    expect(doc.results[0].filePath).toBe("docs/CLAUDE.md");
    expect(doc.results[0].messages.map((m: { ruleId: string }) => m.ruleId)).toEqual(["ctx/import-missing"]);
    expect(r.code).toBe(1);
  });

  it("reads promptc.yaml, warns about unknown rule ids, and rejects an invalid config with exit 2", async () => {
    writeFileSync(
      join(dir, "promptc.yaml"),
      "rules:\n  ctx/commands-exist: off\n  skill/nope: warn\nignorePatterns: ['.agents/**', '.codex/**']\n",
    );
    const ok = await lint([], dir);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toContain("unknown rule 'skill/nope'");
    writeFileSync(join(dir, "promptc.yaml"), "extends: lenient\n");
    const bad = await lint([], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("/extends must be equal to one of the allowed values");
  });

  it("writes the report to -o and keeps stdout empty", async () => {
    const r = await lint(["--no-config", "-f", "sarif", "-o", "out.sarif"], dir);
    expect(r.stdout).toBe("");
    expect(JSON.parse(readFileSync(join(dir, "out.sarif"), "utf8")).version).toBe("2.1.0");
  });

  it("says every kind of file it looked for when a directory has none (exit 0)", async () => {
    const empty = mkdtempSync(join(tmpdir(), "promptc-lint-empty-"));
    try {
      expect(await lint(["--no-config"], empty)).toEqual({
        code: 0,
        stdout: "",
        stderr:
          "promptc lint: no files to lint (looked for AGENTS.md, AGENTS.override.md, CLAUDE.md, CLAUDE.local.md, GEMINI.md, .github/copilot-instructions.md, " +
          ".github/instructions/**/*.instructions.md, .cursor/rules/**/*.mdc, .cursorrules, .clinerules, .clinerules/**/*.md, .roo/rules/**/*.md, " +
          ".roo/rules-*/**/*.md, .continue/rules/**/*.md, .windsurf/rules/**/*.md, .windsurfrules, .agents/rules/**/*.mdc, .cursor/commands/**/*.md, " +
          "SKILL.md, .codex/config.toml, .codex/rules/*.rules, templates/**/*.hbs)\n",
      });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("lint --list-rules / --explain", () => {
  it("lists every rule as JSON with its metadata", async () => {
    const r = await lint(["--list-rules", "--json"], FIXTURE);
    const rules = JSON.parse(r.stdout) as { id: string; sources: unknown[] }[];
    expect(rules.length).toBeGreaterThanOrEqual(40);
    expect(rules.map((x) => x.id)).toEqual([...rules.map((x) => x.id)].sort());
    expect(r.code).toBe(0);
  });

  it("explains one rule with rationale and sources", async () => {
    const r = await lint(["--explain", "ctx/codex-chain-bytes"], FIXTURE);
    expect(r.stdout).toMatch(/^ctx\/codex-chain-bytes\n\n/);
    expect(r.stdout).toContain(
      "Sources:\n  - Codex: AGENTS.md guide: https://developers.openai.com/codex/guides/agents-md",
    );
  });
});
