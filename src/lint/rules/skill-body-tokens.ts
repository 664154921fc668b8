// skill/body-tokens: a SKILL.md body stays under 5,000 tokens (exact o200k_base count). Pure.
import { defineRule } from "../define-rule.js";
import { bodyText, formatInt, limitsSchema, tokensOf } from "../rule-utils.js";
import { SKILL_VALIDATOR, SKILLS_BEST_PRACTICES, SKILLS_SPEC } from "../sources.js";

export const skillBodyTokens = defineRule({
  id: "skill/body-tokens",
  meta: {
    description: "a SKILL.md body has at most 5,000 tokens",
    rationale: "The spec recommends under 5,000 tokens for instructions loaded on activation; SkillsBench found focused skills beat comprehensive ones.",
    defaultSeverity: "warn",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC, SKILLS_BEST_PRACTICES, SKILL_VALIDATOR],
    messages: { tooMany: "SKILL.md body is {{tokens}} tokens; the budget is {{max}}" },
    optionsSchema: limitsSchema("maxTokens"),
    defaultOptions: { maxTokens: 5000 },
  },
  check({ file, project, options, report }) {
    const tokens = tokensOf(project, bodyText(file));
    if (tokens > options.maxTokens) report({ messageId: "tooMany", data: { tokens: formatInt(tokens), max: formatInt(options.maxTokens) }, place: { line: file.frontmatter.bodyLine, column: 1 } });
  },
});
