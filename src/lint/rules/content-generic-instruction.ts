// content/generic-instruction: platitudes the model follows anyway ("write clean code", "be helpful"). Pure.
import { defineRule } from "../define-rule.js";
import { matchProse } from "../rule-utils.js";
import { AGNIX_RULES, SKILLS_BEST_PRACTICES } from "../sources.js";

const GENERIC =
  /\b(?:be helpful|write clean(?:,? (?:readable|maintainable))? code|follow (?:coding |the )?best practices|write (?:high[- ]quality|good) code|think step[- ]by[- ]step|be (?:concise|thorough) and (?:accurate|clear)|use meaningful (?:variable )?names|make sure (?:the )?code is (?:clean|correct))\b/gi;

/** Text before the phrase when it starts a clause: line start, a list marker, bold, or a sentence break. */
const CLAUSE_START =
  /(^|[.!?:;]\s+|^\s*(?:[-*+]|\d+[.)])\s+)(?:\*\*|__)?(?:(?:always|please|you should|you must|should|must)\s+)?$/i;

export const contentGenericInstruction = defineRule({
  id: "content/generic-instruction",
  meta: {
    description: "instructions avoid generic advice the model already follows",
    rationale:
      "'Add what the agent lacks, omit what it knows' (Agent Skills best practices). Platitudes cost tokens on every request and dilute the project-specific rules.",
    defaultSeverity: "off",
    strict: "info",
    measured:
      "phrase matching cannot tell generic advice from a project rule that uses the same words; below 50% precision on the suite. On in the `strict` preset.",
    appliesTo: ["context", "skill", "cursor-rule"],
    basis: "vendor",
    sources: [SKILLS_BEST_PRACTICES, AGNIX_RULES],
    messages: {
      generic: "'{{text}}' is generic advice the model already follows; state the project-specific rule instead",
    },
  },
  check({ file, report }) {
    for (const { match, place } of matchProse(file, GENERIC)) {
      const line = file.index.lines[place.line - 1] ?? "";
      const before = line.slice(0, place.column - 1);
      const after = line.slice(place.column - 1 + match[0].length);
      // An instruction: the phrase opens a sentence or list item (or follows "always", "please", "you should"),
      // not prose that uses the words ("would be helpful to store", "use meaningful names in examples").
      if (!CLAUSE_START.test(before) || /^\s+(to|when|for|if|in|because)\b/i.test(after)) continue;
      // A lead-in the same line goes on to make specific ("**Be concise and clear.** Changesets are not docs…").
      if (/^(?:\*\*|__)?[.!:]?(?:\*\*|__)?[.!:]?\s+(?:\S+\s+){3}\S/.test(after)) continue;
      report({ messageId: "generic", data: { text: match[0] }, place });
    }
  },
});
