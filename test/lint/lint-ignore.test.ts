// What `promptc lint` skips and why: nested .gitignore files with negation, config ignorePatterns relative to
// the config file, explicitly named ignored paths (a warning, not silence), --no-ignore, config found upward.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lintCli } from "./run-lint-cli.js";

const CLEAN = "# Notes\n\nUse pnpm.\n";

function write(root: string, files: { [path: string]: string }): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

/** Files that --format json reports as checked. */
async function linted(args: string[], cwd: string): Promise<{ files: string[]; stderr: string; code: number }> {
  const r = await lintCli([...args, "--format", "json"], cwd);
  return {
    files: (JSON.parse(r.stdout) as { results: { filePath: string }[] }).results.map((x) => x.filePath),
    stderr: r.stderr,
    code: r.code,
  };
}

describe("promptc lint ignores", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "promptc-lint-ignore-"));
    mkdirSync(join(dir, ".git", "info"), { recursive: true });
    write(dir, {
      ".git/info/exclude": "scratch/\n",
      ".gitignore": "build/\n*.local.md\n!KEEP/CLAUDE.local.md\n",
      "AGENTS.md": CLEAN,
      "build/AGENTS.md": CLEAN,
      "scratch/AGENTS.md": CLEAN,
      "CLAUDE.local.md": CLEAN,
      "KEEP/CLAUDE.local.md": CLEAN,
      "pkg/.gitignore": "AGENTS.md\n!deep/AGENTS.md\n",
      "pkg/AGENTS.md": CLEAN,
      "pkg/deep/AGENTS.md": CLEAN,
      "fixtures/case/AGENTS.md": CLEAN,
      "promptc.yaml": "ignorePatterns: ['fixtures/**']\n",
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("honours nested .gitignore files, negation, .git/info/exclude and config ignorePatterns", async () => {
    expect((await linted([], dir)).files).toEqual(["AGENTS.md", "KEEP/CLAUDE.local.md", "pkg/deep/AGENTS.md"]);
  });

  it("lints everything with --no-ignore", async () => {
    expect((await linted(["--no-ignore"], dir)).files).toEqual([
      "AGENTS.md",
      "CLAUDE.local.md",
      "KEEP/CLAUDE.local.md",
      "build/AGENTS.md",
      "fixtures/case/AGENTS.md",
      "pkg/AGENTS.md",
      "pkg/deep/AGENTS.md",
      "scratch/AGENTS.md",
    ]);
  });

  it("warns when a named directory's files are all ignored instead of printing only 'no files to lint'", async () => {
    const r = await linted(["fixtures/case"], dir);
    expect(r).toEqual({
      files: [],
      code: 0,
      stderr: expect.stringContaining(
        "promptc lint: fixtures/case: all 1 agent file(s) under it are ignored (ignorePatterns in promptc.yaml: fixtures/**); use --no-ignore to lint them\n",
      ),
    });
    expect((await linted(["fixtures/case", "--no-ignore"], dir)).files).toEqual(["fixtures/case/AGENTS.md"]);
  });

  it("applies the .gitignore files between the root and a named directory", async () => {
    write(dir, { "pkg/sub/AGENTS.md": CLEAN });
    expect((await linted(["pkg/sub"], dir)).files).toEqual([]);
    expect((await linted(["pkg"], dir)).files).toEqual(["pkg/deep/AGENTS.md"]);
  });

  it("warns about a named file that is ignored", async () => {
    const r = await linted(["build/AGENTS.md"], dir);
    expect(r.files).toEqual([]);
    expect(r.stderr).toContain("promptc lint: build/AGENTS.md is ignored (.gitignore); use --no-ignore to lint it\n");
  });

  it("finds the config upward from the linted path and matches its patterns relative to the config's directory", async () => {
    write(dir, {
      "tools/sub/promptc.yaml": "ignorePatterns: ['skip/**']\n",
      "tools/sub/skip/AGENTS.md": CLEAN,
      "tools/sub/keep/AGENTS.md": CLEAN,
    });
    // Run from the repository root on tools/sub: its own promptc.yaml applies, not the root one.
    expect((await linted(["tools/sub"], dir)).files).toEqual(["tools/sub/keep/AGENTS.md"]);
    // Run from inside fixtures/: the root promptc.yaml (found upward) still ignores fixtures/**.
    expect((await linted([], join(dir, "fixtures"))).files).toEqual([]);
  });
});

describe("readGitTracked through promptc lint", () => {
  it("reports local files the repository's index tracks, also from a subdirectory", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-lint-git-"));
    try {
      mkdirSync(join(dir, ".git"), { recursive: true });
      copyFileSync(
        join(import.meta.dirname, "..", "..", "fixtures", "lint", "git-index", "index-v4"),
        join(dir, ".git", "index"),
      );
      write(dir, { "CLAUDE.local.md": CLEAN, "a/b/AGENTS.override.md": CLEAN, "a/CLAUDE.local.md": CLEAN });
      const rules = async (cwd: string) => {
        const r = await lintCli(["--no-config", "--format", "json"], cwd);
        return (
          JSON.parse(r.stdout) as { results: { filePath: string; messages: { ruleId: string }[] }[] }
        ).results.flatMap((x) =>
          x.messages.filter((m) => m.ruleId === "ctx/local-file-committed").map(() => x.filePath),
        );
      };
      expect(await rules(dir)).toEqual(["CLAUDE.local.md", "a/b/AGENTS.override.md"]);
      expect(await rules(join(dir, "a"))).toEqual(["b/AGENTS.override.md"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("prose folders", () => {
  it("lints the .hbs files of a named folder (the --prose-dir layout) against their fragment's data", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-lint-prose-"));
    try {
      write(dir, { "my-prose/base-instructions.hbs": "You are {{model}} in {{shel}}.\n", "notes/old.hbs": "{{x}}\n" });
      const r = await lintCli(["--no-config", "my-prose"], dir);
      expect(r.stdout).toContain(
        "my-prose/base-instructions.hbs\n  1:24  error  'shel' is not an input of the base-instructions template (inputs: model, shell); strict rendering fails  prompt/undefined-variable",
      );
      expect(r.stdout).not.toContain("notes/old.hbs");
      expect(r.code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("tracked beats ignored", () => {
  it("lints a skill git tracks under a folder .gitignore matches, and still skips the untracked ones", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-lint-tracked-"));
    try {
      const skill = (name: string) =>
        `---\nname: ${name}\ndescription: Does ${name} things. Use when asked about ${name}.\n---\n\nUse the ${name} API.\n`;
      write(dir, {
        ".gitignore": ".claude/\nbuild/\n",
        "AGENTS.md": CLEAN,
        ".claude/skills/release/SKILL.md": skill("release"),
        ".claude/skills/scratch/SKILL.md": skill("scratch"),
        "build/AGENTS.md": CLEAN,
      });
      execFileSync("git", ["init", "-q"], { cwd: dir });
      execFileSync("git", ["add", "-f", "AGENTS.md", ".gitignore", ".claude/skills/release/SKILL.md"], { cwd: dir });
      expect((await linted([], dir)).files).toEqual([".claude/skills/release/SKILL.md", "AGENTS.md"]);
      expect((await linted([".claude"], dir)).files).toEqual([".claude/skills/release/SKILL.md"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Handlebars files the default walk takes", () => {
  it("takes promptc templates (a prose id, its folder, a promptc-inputs declaration), not a project's scaffolding", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-lint-hbs-"));
    try {
      write(dir, {
        "AGENTS.md": CLEAN,
        "templates/codex/base-instructions.hbs": "You are {{model}} in {{shell}}.\n",
        "templates/codex/model-lead.hbs": "Lead.\n",
        "templates/mine/review.hbs": "{{!-- promptc-inputs: diff --}}\nReview {{diff}}.\n",
        "packages/gen/templates/component.hbs": "export const {{pascalCase name}} = 1;\n",
        "packages/gen/templates/partials/header.hbs": "// {{license}}\n",
      });
      expect((await linted([], dir)).files).toEqual([
        "AGENTS.md",
        "templates/codex/base-instructions.hbs",
        "templates/codex/model-lead.hbs",
        "templates/mine/review.hbs",
      ]);
      // A folder named on the command line is linted whole.
      expect((await linted(["packages/gen/templates"], dir)).files).toEqual([
        "packages/gen/templates/component.hbs",
        "packages/gen/templates/partials/header.hbs",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
