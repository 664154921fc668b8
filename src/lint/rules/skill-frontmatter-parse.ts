// skill/frontmatter-parse: the frontmatter is valid YAML, a mapping, without duplicate keys or alias bombs. Pure.
import { defineRule } from "../define-rule.js";
import { AGNIX_RULES, SKILLS_SPEC } from "../sources.js";

export const skillFrontmatterParse = defineRule({
  id: "skill/frontmatter-parse",
  meta: {
    description: "SKILL.md and .mdc frontmatter parses as a YAML mapping (duplicate keys and alias bombs are errors)",
    rationale:
      "A frontmatter block that does not parse makes the harness drop the skill or rule entirely (Codex reports `invalid YAML`). Duplicate keys are resolved differently by different YAML parsers, and excessive alias expansion is a denial-of-service vector.",
    defaultSeverity: "error",
    appliesTo: ["skill", "cursor-rule"],
    basis: "spec",
    sources: [SKILLS_SPEC, AGNIX_RULES],
    messages: { invalid: "frontmatter is not valid YAML: {{error}}" },
  },
  check({ file, report }) {
    for (const e of file.frontmatter.errors) {
      report({ messageId: "invalid", data: { error: e.message }, place: { line: e.line, column: e.column } });
    }
  },
});
