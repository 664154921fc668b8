// skill/name-reserved: Claude rejects skill names containing "anthropic" or "claude". Pure.
import { defineRule } from "../define-rule.js";
import { fmValuePlace, fmString } from "../rule-utils.js";
import { SKILLS_BEST_PRACTICES } from "../sources.js";

const RESERVED = ["anthropic", "claude"];

export const skillNameReserved = defineRule({
  id: "skill/name-reserved",
  meta: {
    description: "a skill name does not contain the reserved words `anthropic` or `claude`",
    rationale: "Anthropic reserves these words in skill names; such a skill cannot be uploaded to Claude.",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    targets: ["claude-code"],
    basis: "vendor",
    sources: [SKILLS_BEST_PRACTICES],
    messages: { reserved: "skill name '{{name}}' contains the reserved word '{{word}}'" },
  },
  check({ file, report }) {
    const name = fmString(file, "name");
    if (!name) return;
    const word = RESERVED.find((w) => name.toLowerCase().includes(w));
    if (word) report({ messageId: "reserved", data: { name, word }, place: fmValuePlace(file, "name") });
  },
});
