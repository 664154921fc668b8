// skill/time-sensitive: absolute dates long past and "as of"/"currently" phrasing age badly in a skill. Pure.
import { defineRule } from "../define-rule.js";
import { matchProse } from "../rule-utils.js";
import { CLAUDE_CODE_LINT, SKILLS_BEST_PRACTICES } from "../sources.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /\b(20\d{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\b/g;
const PHRASE =
  /\b(as of (?:20\d{2}|today|now|this (?:writing|year|month))|at the time of writing|until (?:january|february|march|april|may|june|july|august|september|october|november|december) 20\d{2}|before (?:january|february|march|april|may|june|july|august|september|october|november|december) 20\d{2})\b/gi;

export const skillTimeSensitive = defineRule({
  id: "skill/time-sensitive",
  meta: {
    description: "a skill avoids time-sensitive text: dates older than a threshold and 'as of …' phrasing",
    rationale:
      "Anthropic: skills should not contain information that will go stale; put old behaviour in a clearly marked 'old patterns' section instead.",
    defaultSeverity: "off",
    strict: "info",
    measured:
      "dates in examples and quoted session notes dominated its findings on the precision suite (judged debatable). On in the `strict` preset.",
    appliesTo: ["skill"],
    basis: "vendor",
    sources: [SKILLS_BEST_PRACTICES, CLAUDE_CODE_LINT],
    messages: {
      oldDate: "date {{date}} is {{days}} days old; time-sensitive text goes stale",
      phrase: "'{{phrase}}' is time-sensitive; state the rule without a date",
    },
    optionsSchema: {
      type: "object",
      additionalProperties: false,
      properties: { maxAgeDays: { type: "integer", minimum: 0 } },
    },
    defaultOptions: { maxAgeDays: 180 },
  },
  check({ file, project, options, report }) {
    for (const { match, place } of matchProse(file, ISO_DATE)) {
      const t = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
      const days = Math.floor((project.nowMs - t) / DAY_MS);
      if (days > options.maxAgeDays) report({ messageId: "oldDate", data: { date: match[0], days }, place });
    }
    for (const { match, place } of matchProse(file, PHRASE))
      report({ messageId: "phrase", data: { phrase: match[0] }, place });
  },
});
