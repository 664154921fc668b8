// skill/description-tokens: name + description tokens, paid by every session that lists the skill. Pure.
import { defineRule } from "../define-rule.js";
import { fmValuePlace, fmString, limitsSchema, tokensOf } from "../rule-utils.js";
import { SKILLS_SPEC, SKILLSAW } from "../sources.js";

export const skillDescriptionTokens = defineRule({
  id: "skill/description-tokens",
  meta: {
    description: "a skill's name and description stay within a token budget (exact o200k_base count)",
    rationale: "Skill metadata is loaded for every skill in every session; the spec budgets about 100 tokens per skill. Long descriptions crowd out the task.",
    defaultSeverity: "info",
    appliesTo: ["skill"],
    targets: [],
    basis: "spec",
    sources: [SKILLS_SPEC, SKILLSAW],
    fixable: "none",
    messages: { over: "name and description take {{tokens}} tokens; the budget is {{max}} (loaded in every session)" },
    optionsSchema: limitsSchema("maxTokens"),
    defaultOptions: { maxTokens: 200 },
  },
  check({ file, options, report }) {
    const d = fmString(file, "description");
    if (!d) return;
    const tokens = tokensOf(file, `${fmString(file, "name") ?? ""}: ${d}`);
    if (tokens > options.maxTokens) report({ messageId: "over", data: { tokens, max: options.maxTokens }, place: fmValuePlace(file, "description") });
  },
});
