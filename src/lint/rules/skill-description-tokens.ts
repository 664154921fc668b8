// skill/description-tokens: name + description tokens, paid by every session that lists the skill. Pure.
import { defineRule } from "../define-rule.js";
import { couldExceedTokens, fmValuePlace, fmString, limitsSchema, tokensOf } from "../rule-utils.js";
import { SKILLS_SPEC, SKILLSAW } from "../sources.js";

export const skillDescriptionTokens = defineRule({
  id: "skill/description-tokens",
  meta: {
    description: "a skill's name and description stay within a token budget (exact o200k_base count)",
    rationale:
      "Skill metadata is loaded for every skill in every session; the spec budgets about 100 tokens per skill. Long descriptions crowd out the task. Over `maxTokens` (100) is reported as info, over `warnTokens` (200, skillsaw's warning level) at least as a warning.",
    defaultSeverity: "off",
    measured:
      "off by default: the Agent Skills spec calls ~100 tokens typical, not a limit; on the precision suite every finding (107–167 tokens, far under the 1,024-character limit) was judged false. Only in the `all` preset.",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC, SKILLSAW],
    messages: {
      over: "name and description take {{tokens}} tokens; the budget is {{max}} (loaded in every session)",
      overWarn:
        "name and description take {{tokens}} tokens, over {{max}} (loaded in every session; at least a warning)",
    },
    optionsSchema: limitsSchema("maxTokens", "warnTokens"),
    defaultOptions: { maxTokens: 100, warnTokens: 200 },
  },
  check({ file, project, options, report }) {
    const d = fmString(file, "description");
    if (!d) return;
    const listed = `${fmString(file, "name") ?? ""}: ${d}`;
    if (!couldExceedTokens(listed, Math.min(options.warnTokens, options.maxTokens))) return;
    const tokens = tokensOf(project, listed);
    const place = fmValuePlace(file, "description");
    if (tokens > options.warnTokens)
      report({ messageId: "overWarn", data: { tokens, max: options.warnTokens }, place, minSeverity: "warn" });
    else if (tokens > options.maxTokens) report({ messageId: "over", data: { tokens, max: options.maxTokens }, place });
  },
});
