// content/emphasis-density: too many IMPORTANT/MUST/NEVER lines, so emphasis stops meaning anything. Pure.
import { defineRule } from "../define-rule.js";
import { proseLines } from "../rule-utils.js";
import { SKILLSAW } from "../sources.js";

const SHOUT = /\b(IMPORTANT|CRITICAL|MUST|NEVER|ALWAYS|REQUIRED|WARNING|MANDATORY)\b/;

export const contentEmphasisDensity = defineRule({
  id: "content/emphasis-density",
  meta: {
    description: "upper-case emphasis (IMPORTANT, MUST, NEVER…) is used on at most 20% of lines",
    rationale:
      "When most lines shout, none stands out; recent models also over-apply emphasised rules. Reserve capitals for the few rules that truly matter.",
    defaultSeverity: "off",
    strict: "warn",
    measured: "a style opinion; its findings on the precision suite were judged debatable. On in the `strict` preset.",
    appliesTo: ["context", "skill", "cursor-rule"],
    basis: "community",
    sources: [SKILLSAW],
    messages: {
      dense:
        "{{count}} of {{total}} lines ({{percent}}%) use upper-case emphasis; keep it for the few rules that matter",
    },
    optionsSchema: {
      type: "object",
      additionalProperties: false,
      properties: {
        maxPercent: { type: "number", minimum: 0, maximum: 100 },
        minLines: { type: "integer", minimum: 1 },
      },
    },
    defaultOptions: { maxPercent: 20, minLines: 5 },
  },
  check({ file, options, report }) {
    const lines = proseLines(file).filter(([, t]) => t.trim() !== "" && !t.trim().startsWith("|"));
    const hits = lines.filter(([, t]) => SHOUT.test(t));
    const percent = lines.length === 0 ? 0 : Math.round((hits.length / lines.length) * 100);
    if (hits.length >= options.minLines && percent > options.maxPercent) {
      report({
        messageId: "dense",
        data: { count: hits.length, total: lines.length, percent },
        place: { line: hits[0]![0], column: 1 },
      });
    }
  },
});
