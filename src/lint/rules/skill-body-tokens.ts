// skill/body-tokens: a SKILL.md body stays under 5,000 tokens (exact o200k_base count). Pure.
import { defineRule } from "../define-rule.js";
import { bodyText, couldExceedTokens, formatInt, limitsSchema, tokensOf } from "../rule-utils.js";
import { SKILL_VALIDATOR, SKILLS_BEST_PRACTICES, SKILLS_SPEC } from "../sources.js";

export const skillBodyTokens = defineRule({
  id: "skill/body-tokens",
  meta: {
    description: "a SKILL.md body has at most 5,000 tokens",
    rationale:
      "The spec recommends under 5,000 tokens for instructions loaded on activation; SkillsBench found focused skills beat comprehensive ones.",
    defaultSeverity: "warn",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC, SKILLS_BEST_PRACTICES, SKILL_VALIDATOR],
    messages: { tooMany: "SKILL.md body is {{tokens}} tokens; the budget is {{max}}" },
    optionsSchema: limitsSchema("maxTokens", "marginPercent"),
    defaultOptions: { maxTokens: 5000, marginPercent: 20 },
    measured:
      "overages of a few percent (5,156–5,758 tokens) were judged noise on the precision suite, so it reports from 20% over the spec's 5,000 tokens.",
  },
  check({ file, project, options, report }) {
    const over = options.maxTokens * (1 + options.marginPercent / 100);
    const body = bodyText(file);
    if (!couldExceedTokens(body, over)) return;
    const tokens = tokensOf(project, body);
    if (tokens > over)
      report({
        messageId: "tooMany",
        data: { tokens: formatInt(tokens), max: formatInt(options.maxTokens) },
        place: { line: file.frontmatter.bodyLine, column: 1 },
      });
  },
});
