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

describe("discoverClaudeSkills, frontmatter as Claude Code 2.1.332 reads it (measured)", () => {
  const sk = (fm: string, body = "Body line.\n") => `---\n${fm}\n---\n${body}`;
  const list = (files: { [path: string]: string }, options: { cwd: string; gitRoot?: string } = { cwd: "/r" }) =>
    discoverClaudeSkills(createMemoryHost({ files }), { home: "/h", ...options }).skills.map(
      (s) => `${s.name}${s.displayName === undefined ? "" : ` (${s.displayName})`}: ${s.description}`,
    );

  it("lists a skill under its folder and shows a one-word frontmatter name no other skill goes by", () => {
    expect(
      list({
        "/h/.claude/skills/home-one/SKILL.md": sk("name: home-one\ndescription: h"),
        "/r/.claude/skills/a1/SKILL.md": sk("name: zz-new\ndescription: d1"),
        "/r/.claude/skills/a2/SKILL.md": sk("name: a3\ndescription: d2"),
        "/r/.claude/skills/a3/SKILL.md": sk("name: a3\ndescription: d3"),
        "/r/.claude/skills/a4/SKILL.md": sk("name: Has Space\ndescription: d4"),
        "/r/.claude/skills/a5/SKILL.md": sk("name: x.y\ndescription: d5"),
        "/r/.claude/skills/a6/SKILL.md": sk("name: home-one\ndescription: d6"),
      }),
    ).toEqual(["home-one: h", "a1 (zz-new): d1", "a2: d2", "a3: d3", "a4: d4", "a5 (x.y): d5", "a6: d6"]);
  });

  it("makes runs of line breaks and tabs one space, and falls back to the body for an empty or non-text description", () => {
    expect(
      list({
        "/r/.claude/skills/multi/SKILL.md": sk(
          "description: |\n  Line one.\n\n  Line   three\twith tab.\n    indented",
        ),
        "/r/.claude/skills/num/SKILL.md": sk("description: 42"),
        "/r/.claude/skills/empty/SKILL.md": sk('description: ""', "\n# Heading line\n"),
        "/r/.claude/skills/list/SKILL.md": sk("description:\n  - a"),
        "/r/.claude/skills/badyaml/SKILL.md": sk("description: [unclosed\nname: badyaml"),
        "/r/.claude/skills/colon/SKILL.md": sk("description: has: a colon inside"),
      }),
    ).toEqual([
      "badyaml: [unclosed",
      "colon: has: a colon inside",
      "empty: Heading line",
      "list: Body line.",
      "multi: Line one. Line   three with tab.   indented",
      "num: 42",
    ]);
  });

  it("leaves out disable-model-invocation skills and lists legacy commands after every skill, subfolders as a:b", () => {
    expect(
      list({
        "/h/.claude/commands/hcmd.md": sk("description: home cmd"),
        "/r/.claude/skills/shown/SKILL.md": sk("description: s\nuser-invocable: false"),
        "/r/.claude/skills/hidden/SKILL.md": sk("description: h\ndisable-model-invocation: true"),
        "/r/.claude/commands/zcmd.md": sk("description: z"),
        "/r/.claude/commands/nodesc.md": "Run the thing.\n",
        "/r/.claude/commands/sub/inner.md": sk("description: nested"),
        "/r/.claude/commands/shown.md": sk("description: same id as a skill"),
      }),
    ).toEqual(["shown: s", "hcmd: home cmd", "nodesc: Run the thing.", "sub:inner: nested", "zcmd: z"]);
  });

  it("reads every ancestor's skills outside git", () => {
    expect(
      list(
        {
          "/p/.claude/skills/ps/SKILL.md": sk("description: plain"),
          "/p/in/.claude/skills/is/SKILL.md": sk("description: inner"),
        },
        { cwd: "/p/in" },
      ),
    ).toEqual(["is: inner", "ps: plain"]);
  });
});
