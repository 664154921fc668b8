// Fixture workspaces for Claude Code's data-derived parts: the CLAUDE.md chain (ancestors above the git root,
// .claude/CLAUDE.md, rules, CLAUDE.local.md, imports in and outside the cwd, approval), the AGENTS.md fallback,
// skills, git facts and a folder outside git. Pure data.
import type { HarnessWorkspace } from "./harness-workspaces.js";

export const CLAUDE_CODE_WORKSPACES: HarnessWorkspace[] = [
  {
    name: "nested",
    files: {
      "CLAUDE.md": "\n\n  Above the repository.  \n\n",
      "repo/CLAUDE.md": "# Root\r\nSee @docs/style.md for style.\nAlso @missing.md here.\n\n",
      "repo/AGENTS.md": "agents root\n",
      "repo/docs/style.md": "Style: tabs.\n",
      "repo/src/CLAUDE.md": "src claude\n",
      "repo/src/sub/CLAUDE.md": "sub claude @./local-notes.md\n",
      "repo/src/sub/local-notes.md": "local notes\n",
      "repo/src/sub/deeper/CLAUDE.md": "below the cwd\n",
      "repo/.claude/skills/pdf-tools/SKILL.md":
        '---\nname: pdf-tools\ndescription: Work with <PDF> & "forms"\n---\nbody\n',
      "repo/src/sub/.claude/skills/sub-skill/SKILL.md":
        "---\nname: sub-skill\ndescription: Sub skill desc\n---\nbody\n",
      ".claude/skills/above-root/SKILL.md": "---\nname: above-root\ndescription: above the git root\n---\n",
    },
    home: {
      ".claude/CLAUDE.md": "User global.\n",
      ".claude/skills/user-skill/SKILL.md": "---\nname: user-skill\ndescription: A user skill\n---\n",
    },
    git: { branch: "master", user: "T", commits: ["first commit"], untracked: { "untracked.txt": "y\n" } },
    cwd: "repo/src/sub",
  },
  {
    name: "approved",
    files: {
      "repo/CLAUDE.md": "root @docs/style.md\n",
      "repo/docs/style.md": "Style: tabs.\n",
      "repo/src/CLAUDE.md": "src\n",
    },
    approveExternalIncludes: true,
    git: { branch: "main", user: "T", commits: ["c1"] },
    cwd: "repo/src",
  },
  {
    name: "agents-fallback",
    files: { "repo/AGENTS.md": "agents root\n", "repo/src/AGENTS.md": "agents src\n" },
    git: { branch: "trunk", user: "Ann B", commits: ["c1"] },
    cwd: "repo/src/sub",
    message: "what is 2+2",
  },
  {
    name: "rules-and-local",
    files: {
      "repo/CLAUDE.md": "<!-- a comment -->\nroot: @a.md\n```\n@inside-fence.md\n```\n`@inline-code.md`\n",
      "repo/a.md": "A @b.md\n",
      "repo/b.md": "B @a.md\n",
      "repo/inside-fence.md": "fence\n",
      "repo/inline-code.md": "inline\n",
      "repo/CLAUDE.local.md": "local root\n",
      "repo/.claude/CLAUDE.md": "dot claude root\n",
      "repo/.claude/rules/one.md": "---\ndescription: d\n---\nrule one\n",
      "repo/.claude/rules/sub/deep.md": "deep rule\n",
      "repo/.claude/rules/a.md": "rule a\n",
      "repo/.claude/rules/two.md": "---\npaths: src/**\n---\nrule scoped\n",
      "repo/.claude/skills/zeta/SKILL.md": "---\nname: zeta\ndescription: desc of zeta\n---\n",
      "repo/.claude/skills/alpha/SKILL.md": "---\nname: alpha\ndescription: desc of alpha\n---\n",
      "repo/.claude/skills/Mixed/SKILL.md": "---\nname: Mixed\ndescription: desc of Mixed\n---\n",
      "repo/.claude/skills/noname/SKILL.md": "---\ndescription: no name here\n---\n",
      "repo/.claude/skills/nodesc/SKILL.md": "---\nname: nodesc\n---\nFirst paragraph line.\n",
    },
    home: { ".claude/rules/u.md": "user rule\n" },
    git: {
      branch: "main",
      user: "U",
      commits: ["one", "two", "three", "four", "five", "six", "seven"],
      originHead: "develop",
    },
    cwd: "repo",
  },
  {
    name: "edge-cases",
    files: {
      "repo/CLAUDE.md": "\uFEFF---\ntitle: front\n---\nWith a BOM and frontmatter.\r\n",
      "repo/src/CLAUDE.md": "   \n\n",
      "repo/src/.claude/CLAUDE.md": "",
      "repo/src/CLAUDE.local.md": "local <b> & 'q'\n",
      "repo/.claude/skills/folded/SKILL.md": "---\nname: folded\ndescription: >\n  A folded\n  description <x>\n---\n",
      "repo/.claude/skills/quoted/SKILL.md": '---\nname: quoted\ndescription: "two\\nlines"\n---\n',
    },
    git: { branch: "feature/x", commits: ["c1"], untracked: { "src/new file.txt": "x\n" } },
    cwd: "repo/src",
    message: "a longer message with more than twenty characters",
  },
  {
    name: "no-git",
    files: { "a.b_c d/CLAUDE.md": "not in git\n" },
    cwd: "a.b_c d",
  },
];
