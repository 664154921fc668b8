// skill/description-when: the description says when to use the skill (a trigger clause). Pure.
import { defineRule } from "../define-rule.js";
import { fmValuePlace, fmString } from "../rule-utils.js";
import { AGNIX_RULES, SKILLS_BEST_PRACTICES, SKILLS_SPEC } from "../sources.js";

const TRIGGER =
  /\b(use (this|it|the skill)?\s*(skill )?(when|for|to|if|whenever|before|after|on)|use when|when (the )?(user|you|asked|working|editing|writing|creating|building|debugging|running|a |an |the )|whenever|trigger(s|ed)? (on|when|by)|invoke (when|for)|activate (when|for)|for (tasks|requests|questions) (that|about|involving|like)|should be used|useful (when|for)|applies (when|to)|helps? (with|when)|if the user|when asked|invoke (only )?(when|in|for|if|on)|run (it )?(before|after|when|whenever)|triggers?:|triggered by|before (pushing|committing|opening|merging|creating|submitting|releasing|deploying)|after (pushing|committing|merging|a |an |the ))/i;

/** A situation named anywhere: "…the verification stack when changes affect runtime code", "during code reviews". */
const SITUATION = /\b(?:when(?:ever)?\s+(?!to\b)[a-z]|during\s+(?:a |an |the )?[a-z])/i;
/** A description that is a list of situations: "Writing `as` in TS code, modifying a file that…, or reviewing…". */
const SITUATION_LIST = /^[A-Z]\w*ing\b[^,;]*(?:[,;]\s*(?:or\s+)?[a-z]\w*ing\b[^,;]*){2,}/;

export const skillDescriptionWhen = defineRule({
  id: "skill/description-when",
  meta: {
    description: "a skill description states when to use the skill (e.g. 'Use when …')",
    rationale:
      "Agents load a skill only when its description matches the task. Vercel found a skill went unused in 56% of runs; the spec and Anthropic ask descriptions to say both what the skill does and when to use it.",
    defaultSeverity: "off",
    strict: "warn",
    measured:
      'an opinion (Anthropic\'s authoring advice), not a harness or spec requirement; on the precision suite most findings were debatable or missed a "when" phrased another way. On in the `strict` preset.',
    appliesTo: ["skill"],
    basis: "vendor",
    sources: [SKILLS_SPEC, SKILLS_BEST_PRACTICES, AGNIX_RULES],
    messages: { noTrigger: "description does not say when to use the skill; add a clause such as 'Use when …'" },
  },
  check({ file, report }) {
    const d = fmString(file, "description");
    if (!d || d.trim() === "") return;
    if (!TRIGGER.test(d) && !SITUATION.test(d) && !SITUATION_LIST.test(d.trim()))
      report({ messageId: "noTrigger", place: fmValuePlace(file, "description") });
  },
});
