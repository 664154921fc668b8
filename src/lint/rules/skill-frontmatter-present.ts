// skill/frontmatter-present: SKILL.md opens with a `---` YAML block that closes. Pure.
import { defineRule } from "../define-rule.js";
import { SKILLS_SPEC, CODEX_SOURCE } from "../sources.js";

export const skillFrontmatterPresent = defineRule({
  id: "skill/frontmatter-present",
  meta: {
    description: "SKILL.md starts with a YAML frontmatter block delimited by `---` lines",
    rationale:
      "Harnesses read a skill's name and description from its frontmatter; Codex skips a SKILL.md whose first line is not `---` or whose block never closes, so the skill is never listed.",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC, CODEX_SOURCE],
    messages: {
      missing: "SKILL.md has no YAML frontmatter; the first line must be `---`",
      unclosed: "frontmatter opened on line 1 is never closed with a `---` line",
    },
  },
  check({ file, report }) {
    if (file.status.binary || file.status.error) return;
    const fm = file.frontmatter;
    if (!fm.present) report({ messageId: "missing" });
    else if (!fm.closed) report({ messageId: "unclosed" });
  },
});
