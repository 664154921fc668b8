import { describe, expect, it } from "vitest";
import { discoverClaudeSkills } from "../../../src/discover/claude-code/discover-claude-skills.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";

describe("discoverClaudeSkills", () => {
  it("lists the user's skills, then the cwd's and each ancestor's up to the git root, each folder by name", () => {
    const skill = (name: string, description?: string) =>
      `---\n${name ? `name: ${name}\n` : ""}${description ? `description: ${description}\n` : ""}---\nFirst line of the body.\n`;
    const host = createMemoryHost({
      files: {
        "/h/.claude/skills/zz-user/SKILL.md": skill("zz-user", "mine"),
        "/w/.claude/skills/above/SKILL.md": skill("above", "above the git root"),
        "/w/repo/.git/HEAD": "ref: refs/heads/main\n",
        "/w/repo/.claude/skills/zeta/SKILL.md": skill("zeta", "z"),
        "/w/repo/.claude/skills/Mixed/SKILL.md": skill("Mixed", "m"),
        "/w/repo/.claude/skills/alpha/SKILL.md": skill("alpha", "a"),
        "/w/repo/.claude/skills/noname/SKILL.md": skill("", "named after its folder"),
        "/w/repo/.claude/skills/nodesc/SKILL.md": skill("nodesc"),
        "/w/repo/.claude/skills/group/inner/SKILL.md": skill("inner", "too deep"),
        "/w/repo/src/.claude/skills/local/SKILL.md": skill("local", "in the cwd"),
      },
    });
    const r = discoverClaudeSkills(host, { cwd: "/w/repo/src", home: "/h", gitRoot: "/w/repo" });
    expect(r.skills.map((s) => `${s.name}: ${s.description}`)).toEqual([
      "zz-user: mine",
      "local: in the cwd",
      "alpha: a",
      "Mixed: m",
      "nodesc: First line of the body.",
      "noname: named after its folder",
      "zeta: z",
    ]);
    expect(r.roots).toEqual(["/h/.claude/skills", "/w/repo/src/.claude/skills", "/w/repo/.claude/skills"]);
  });
});
