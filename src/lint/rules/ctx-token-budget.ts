// ctx/token-budget: tokens per always-loaded context file (exact o200k_base count). Pure.
import { isAlwaysLoaded } from "../loading-harnesses.js";
import { defineRule } from "../define-rule.js";
import { couldExceedTokens, formatInt, limitsSchema, tokensOf } from "../rule-utils.js";
import { AGENTBENCH, CLAUDE_MEMORY, SKILLSAW } from "../sources.js";

export const ctxTokenBudget = defineRule({
  id: "ctx/token-budget",
  meta: {
    description: "an always-loaded context file (AGENTS.md, CLAUDE.md, …) stays within a token budget",
    rationale:
      "Every token of an always-loaded file is paid on every agent step. AGENTbench found context files raise cost by more than 20% and help only when short and non-redundant; Claude Code's docs target under 200 lines (about 3,000 tokens). Over `maxTokens` (3,000) is a warning; over `errorTokens` (10,000, about Claude Code's 40k-character warning) an error.",
    defaultSeverity: "warn",
    appliesTo: ["context", "cursor-rule"],
    basis: "paper",
    sources: [AGENTBENCH, CLAUDE_MEMORY, SKILLSAW],
    messages: {
      over: "{{tokens}} tokens on every request; the budget is {{max}}",
      overHard:
        "{{tokens}} tokens on every request, over the hard limit of {{max}} (an error whatever the rule's severity)",
    },
    optionsSchema: limitsSchema("maxTokens", "errorTokens", "marginPercent"),
    // Measured on the precision suite: overages of a few percent were judged noise, files at 1.5× and more real.
    defaultOptions: { maxTokens: 3000, errorTokens: 10000, marginPercent: 50 },
  },
  check({ file, project, options, report }) {
    if (!isAlwaysLoaded(file, project.facts)) return;
    const over = Math.min(options.errorTokens, options.maxTokens * (1 + options.marginPercent / 100));
    if (!couldExceedTokens(file.text, over)) return;
    const tokens = tokensOf(project, file.text);
    if (tokens > options.errorTokens)
      report({
        messageId: "overHard",
        data: { tokens: formatInt(tokens), max: formatInt(options.errorTokens) },
        minSeverity: "error",
      });
    else if (tokens > options.maxTokens * (1 + options.marginPercent / 100))
      report({ messageId: "over", data: { tokens: formatInt(tokens), max: formatInt(options.maxTokens) } });
  },
});
