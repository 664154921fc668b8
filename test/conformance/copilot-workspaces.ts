// Fixture workspaces for Copilot CLI's data-derived parts: the instruction files of the user, the git root and
// the folders from the cwd up, @imports (relative, `./`, `../`, missing, outside the repository, in code,
// repeated, trailing punctuation), .instructions.md files with and without applyTo, skills in every root with
// escaping, fallbacks and duplicates, a folder outside git, and the four shapes of the custom-instructions block.
// Pure data.
import type { HarnessWorkspace } from "./harness-workspaces.js";

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nbody\n`;
const rule = (applyTo: string | undefined, body: string, description?: string) =>
  applyTo === undefined && description === undefined
    ? body
    : `---\n${applyTo !== undefined ? `applyTo: "${applyTo}"\n` : ""}${description !== undefined ? `description: "${description}"\n` : ""}---\n${body}`;

export const COPILOT_WORKSPACES: HarnessWorkspace[] = [
  {
    name: "copilot-nested",
    files: {
      "AGENTS.md": "above the repository: not read\n",
      "outside.md": "outside the repository\n",
      "repo/.github/copilot-instructions.md": "repository instructions @docs/style.md (relative to .github)\n",
      "repo/AGENTS.md":
        "\n\n  Root agents, untrimmed.  \n\nSee @docs/style.md, then @./docs/two.md. Missing @nope.md, outside @../outside.md,\nin code `@docs/style.md`, again @docs/style.md and itself @AGENTS.md; mail a@b.md.\n\n\n",
      "repo/CLAUDE.md": "root claude, no newline",
      "repo/GEMINI.md": "root gemini\n",
      "repo/docs/style.md": "STYLE nested @docs/two.md\n",
      "repo/docs/two.md": "TWO without newline",
      "repo/src/AGENTS.md": "src agents @../docs/two.md\n",
      "repo/src/GEMINI.md": "src gemini\n",
      "repo/src/.github/copilot-instructions.md": "src github\n",
      "repo/src/sub/AGENTS.md": "cwd agents\n",
      "repo/src/sub/CLAUDE.md": "cwd claude\n",
      "repo/src/sub/deeper/AGENTS.md": "below the cwd: not read\n",
      "repo/.github/instructions/ts.instructions.md": rule("src/**/*.ts,**/*.tsx", "TS rules\n", "TypeScript"),
      "repo/.github/instructions/all.instructions.md": rule("**", "everywhere\n"),
      "repo/.github/instructions/plain.instructions.md": rule(undefined, "no frontmatter\n"),
      "repo/.github/instructions/desc-only.instructions.md": rule(undefined, "described\n", "only a description"),
      "repo/src/.github/instructions/py.instructions.md": rule("**/*.py", "python\n"),
      "repo/.github/skills/zeta/SKILL.md": skill("zeta", 'Zeta & <b> "q" it\'s'),
      "repo/.github/skills/dir-name/SKILL.md": skill("olive", "named apart from its folder"),
      "repo/.github/skills/no-desc/SKILL.md": "---\nname: no-desc\n---\n\nfirst body line\nsecond\n",
      "repo/.github/skills/bad-yaml/SKILL.md": "---\nname: [unclosed\ndescription: x\n---\n",
      "repo/.github/skills/no-frontmatter/SKILL.md": "just text\n",
      "repo/.agents/skills/mango/SKILL.md": skill("mango", "agents root"),
      "repo/.claude/skills/banana/SKILL.md": skill("banana", "claude root"),
      "repo/.copilot/skills/not-a-root/SKILL.md": skill("not-a-root", "not read"),
      "repo/src/.agents/skills/cherry/SKILL.md": skill("cherry", "between the cwd and the root"),
      "repo/src/.agents/skills/zeta/SKILL.md": skill("zeta", "a second zeta"),
    },
    home: {
      ".copilot/copilot-instructions.md": "user instructions @notes.md and @docs/style.md\n",
      ".copilot/notes.md": "user notes\n",
      ".copilot/skills/yam/SKILL.md": skill("yam", "user copilot"),
      ".copilot/skills/beet/SKILL.md": skill("beet", "user copilot"),
      ".agents/skills/acorn/SKILL.md": skill("acorn", "user agents"),
      ".claude/skills/home-claude/SKILL.md": skill("home-claude", "not read"),
    },
    git: { branch: "main", commits: ["c1"] },
    cwd: "repo/src/sub",
    message: "what is in here?",
  },
  {
    name: "copilot-no-git",
    files: {
      "AGENTS.md": "parent of the cwd: not read outside git\n",
      "a/.github/skills/up/SKILL.md": skill("up", "found walking up"),
      "a/b/AGENTS.md": "cwd agents\n",
      "a/b/.github/copilot-instructions.md": "cwd github\n",
    },
    cwd: "a/b",
  },
  { name: "copilot-empty", files: {}, git: { branch: "main", commits: ["c1"] }, cwd: "repo" },
  {
    name: "copilot-rules-only",
    files: { "repo/.github/instructions/go.instructions.md": rule("**/*.go", "go\n") },
    git: { branch: "main", commits: ["c1"] },
    cwd: "repo",
  },
  {
    name: "copilot-cwd-root",
    files: {
      "repo/AGENTS.md": "only agents",
      "repo/.github/skills/gb/SKILL.md": skill("gb", "d"),
      "repo/.github/skills/ga/SKILL.md": skill("ga", "d"),
      "repo/.agents/skills/ab/SKILL.md": skill("ab", "d"),
      "repo/.claude/skills/ca/SKILL.md": skill("ca", "d"),
    },
    git: { branch: "main", commits: ["c1"] },
    cwd: "repo",
  },
];
