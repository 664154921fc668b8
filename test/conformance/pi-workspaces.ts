// Fixture workspaces for pi's data-derived parts: context files from the filesystem root down (AGENTS.md over
// CLAUDE.md, raw, untrimmed), the global file, skills from .pi/skills, .agents/skills up to the git root and the
// user's, disabled and invalid skills, SYSTEM.md and APPEND_SYSTEM.md. Pure data.
import type { HarnessWorkspace } from "./harness-workspaces.js";

const skill = (name: string, description: string, extra = "") =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nbody\n`;

export const PI_WORKSPACES: HarnessWorkspace[] = [
  {
    name: "pi-nested",
    files: {
      "CLAUDE.md": "\n\n  Above the repository, untrimmed.  \n\n",
      "repo/AGENTS.md": "agents root\n",
      "repo/CLAUDE.md": "claude root (shadowed)\n",
      "repo/src/CLAUDE.md": "src claude @./notes.md\r\n",
      "repo/src/sub/AGENTS.md": "no trailing newline",
      "repo/src/sub/deeper/AGENTS.md": "below the cwd\n",
      "repo/.pi/skills/root-pi/SKILL.md": skill("root-pi", "not found from below"),
      "repo/src/sub/.pi/skills/pi-cwd/SKILL.md": skill("pi-cwd", "cwd <pi> skill & \"x\" 'y'"),
      "repo/src/sub/.pi/skills/loose.md": skill("loose", "a loose md file in a .pi root"),
      "repo/src/sub/.pi/skills/hidden-off/SKILL.md": skill(
        "hidden-off",
        "not for the model",
        "disable-model-invocation: true\n",
      ),
      "repo/src/.agents/skills/ag-src/SKILL.md": skill("ag-src", "agents src"),
      "repo/.agents/skills/ag-root/SKILL.md": skill("ag-root", "agents root"),
      "repo/.agents/skills/no-desc/SKILL.md": "---\nname: no-desc\n---\n",
      "repo/.agents/skills/bad-yaml/SKILL.md": "---\nname: [unclosed\ndescription: x\n---\n",
      ".agents/skills/above-git/SKILL.md": skill("above-git", "above the git root"),
    },
    home: {
      ".pi/agent/AGENTS.md": "global pi\n",
      ".pi/agent/skills/user-one/SKILL.md": skill("user-one", "the user's"),
      ".agents/skills/user-agents/SKILL.md": skill("user-agents", "user agents dir"),
    },
    git: { branch: "main", commits: ["c1"] },
    cwd: "repo/src/sub",
  },
  {
    name: "pi-system-md",
    files: { "repo/.pi/SYSTEM.md": "Custom system prompt.\n", "repo/CLAUDE.md": "only claude\n" },
    home: { ".pi/agent/APPEND_SYSTEM.md": "Appended.\n" },
    git: { branch: "main", commits: ["c1"] },
    cwd: "repo",
    message: "what is 2+2",
  },
  {
    name: "pi-edge",
    files: {
      "repo/AGENTS.MD": "\uFEFFupper-case name with a BOM\r\n",
      "repo/src/CLAUDE.MD": "upper-case CLAUDE\n",
      "repo/src/.pi/skills/folded/SKILL.md": "---\nname: folded\ndescription: >\n  folded\n  text\n---\n",
      "repo/src/.pi/skills/other-dir/SKILL.md": skill("mismatch", "name differs from its folder"),
      "repo/src/.pi/skills/.gitignore": "ignored-skill/\n",
      "repo/src/.pi/skills/ignored-skill/SKILL.md": skill("ignored-skill", "ignored by .gitignore"),
      "repo/src/.pi/skills/node_modules/nm/SKILL.md": skill("nm", "in node_modules"),
      "repo/src/.pi/skills/group/deep/SKILL.md": skill("deep", "nested two levels"),
    },
    git: { branch: "main", commits: ["c1"] },
    cwd: "repo/src",
  },
  {
    name: "pi-empty",
    files: { "empty/.keep": "" },
    cwd: "empty",
  },
  // Found by the acceptance runs: a thinking level other than medium, a project model the provider lacks.
  {
    name: "pi-settings",
    files: { "repo/AGENTS.md": "a\n", "repo/.pi/settings.json": JSON.stringify({ defaultModel: "not-listed" }) },
    home: { ".pi/agent/settings.json": JSON.stringify({ defaultThinkingLevel: "high" }) },
    git: { branch: "main", commits: ["c1"] },
    cwd: "repo",
  },
];
