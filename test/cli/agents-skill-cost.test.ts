// `promptc agents` counts a skill at what each harness sends for it at session start (its listing entry: name,
// description, location), not the whole SKILL.md, which the model reads only when it uses the skill.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../lint/run-lint-cli.js";
import { PROFILE_LIST } from "../../src/profiles/index.js";
import { createTokenCounter } from "../../src/tokens/count.js";

const SKILL =
  "---\nname: release\ndescription: Cuts a release. Use when asked to publish a version.\n---\n\n" +
  "# Release\n\n" +
  "Step by step, with every check the release needs before it goes out. ".repeat(200);

let root = "";
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "promptc-agents-skills-")));
  for (const [p, t] of Object.entries({
    "w/AGENTS.md": "Agents.\n",
    "w/.claude/skills/release/SKILL.md": SKILL,
    "w/.agents/skills/release/SKILL.md": SKILL,
    "w/.gemini/skills/release/SKILL.md": SKILL,
    "home/.keep": "",
  })) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  mkdirSync(join(root, "w", ".git"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("promptc agents: a skill's cost", () => {
  it("is the harness's listing entry for it, with the whole file's count beside it", async () => {
    const r = await runCli(["agents", "-C", "w", "--home", "home", "--json"], root);
    expect(r.code).toBe(0);
    const view = JSON.parse(r.stdout) as {
      harnesses: { harness: string; files: { path: string; kind: string; tokens: number; fileTokens?: number }[] }[];
    };
    const count = createTokenCounter().count;
    const skills = view.harnesses.flatMap((h) => h.files.filter((f) => f.kind === "skill").map((f) => ({ h, f })));
    expect(skills.length).toBeGreaterThanOrEqual(2);
    for (const { h, f } of skills) {
      const entry = PROFILE_LIST.find((p) => p.id === h.harness)?.skillListingEntry({
        name: "release",
        description: "Cuts a release. Use when asked to publish a version.",
        path: f.path,
      });
      expect(entry).toBeDefined();
      expect(f.tokens).toBe(count(entry as string));
      expect(f.fileTokens).toBe(count(SKILL));
      expect(f.tokens * 20).toBeLessThan(f.fileTokens as number);
    }
  });

  it("prints the listing cost in the table and the file's as what a use reads", async () => {
    const r = await runCli(["agents", "-C", "w", "--home", "home", "--no-color"], root);
    expect(r.stdout).toMatch(
      /skill {3}\.claude\/skills\/release\/SKILL\.md +\d{1,3} .*; the file, ~[\d,]+ tokens, when used/,
    );
  });
});

describe("skillListingEntry", () => {
  const skill = { name: "pdf", description: "Fills <forms>.", path: "/p/.x/skills/pdf/SKILL.md" };
  it.each([
    ["codex", "- pdf: Fills <forms>. (file: /p/.x/skills/pdf/SKILL.md)\n"],
    ["claude-code", "- pdf: Fills &lt;forms&gt;.\n"],
    [
      "pi",
      "  <skill>\n    <name>pdf</name>\n    <description>Fills &lt;forms&gt;.</description>\n    <location>/p/.x/skills/pdf/SKILL.md</location>\n  </skill>\n",
    ],
  ])("%s", (id, want) => {
    expect(PROFILE_LIST.find((p) => p.id === id)?.skillListingEntry(skill)).toBe(want);
  });
});
