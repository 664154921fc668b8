// skill/extraneous-files: no README/CHANGELOG/INSTALL (or AGENTS.md) at a skill's root. Pure.
import { defineRule } from "../define-rule.js";
import { skillDir } from "../rule-utils.js";
import { SKILL_VALIDATOR, SKILLS_BEST_PRACTICES } from "../sources.js";

const EXTRANEOUS = new Set(["README.md", "CHANGELOG.md", "INSTALL.md", "INSTALLATION.md", "QUICK_REFERENCE.md"]);

export const skillExtraneousFiles = defineRule({
  id: "skill/extraneous-files",
  meta: {
    description:
      "a skill folder holds only what the agent needs: no README, CHANGELOG or INSTALL at its root, no AGENTS.md inside",
    rationale:
      "A skill is read by an agent, not a person browsing a repository. Extra docs split the instructions; an AGENTS.md inside a skill is also loaded as project context by Codex when it works in that folder.",
    defaultSeverity: "warn",
    appliesTo: ["skill"],
    basis: "community",
    sources: [SKILLS_BEST_PRACTICES, SKILL_VALIDATOR],
    messages: {
      extraneous: "'{{file}}' does not belong in a skill folder; fold what the agent needs into SKILL.md",
      agentsMd: "AGENTS.md inside a skill is loaded as project instructions when an agent works in this folder",
    },
  },
  check({ file, project, report }) {
    const dir = skillDir(file);
    if (dir === "") return;
    for (const e of project.fs.list(dir)) {
      if (e.kind !== "file") continue;
      if (EXTRANEOUS.has(e.name)) report({ messageId: "extraneous", data: { file: e.name } });
      else if (e.name === "AGENTS.md") report({ messageId: "agentsMd" });
    }
  },
});
