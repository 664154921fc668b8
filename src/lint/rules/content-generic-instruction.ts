// content/generic-instruction: platitudes the model follows anyway ("write clean code", "be helpful"). Pure.
import { defineRule } from "../define-rule.js";
import { matchProse } from "../rule-utils.js";
import { AGNIX_RULES, SKILLS_BEST_PRACTICES } from "../sources.js";

const GENERIC = /\b(?:be helpful|write clean(?:,? (?:readable|maintainable))? code|follow (?:coding |the )?best practices|write (?:high[- ]quality|good) code|think step[- ]by[- ]step|be (?:concise|thorough) and (?:accurate|clear)|use meaningful (?:variable )?names|make sure (?:the )?code is (?:clean|correct))\b/gi;

export const contentGenericInstruction = defineRule({
  id: "content/generic-instruction",
  meta: {
    description: "instructions avoid generic advice the model already follows",
    rationale: "'Add what the agent lacks, omit what it knows' (Agent Skills best practices). Platitudes cost tokens on every request and dilute the project-specific rules.",
    defaultSeverity: "info",
    appliesTo: ["context", "skill", "cursor-rule"],
    basis: "vendor",
    sources: [SKILLS_BEST_PRACTICES, AGNIX_RULES],
    messages: { generic: "'{{text}}' is generic advice the model already follows; state the project-specific rule instead" },
  },
  check({ file, report }) {
    for (const { match, place } of matchProse(file, GENERIC)) report({ messageId: "generic", data: { text: match[0] }, place });
  },
});
