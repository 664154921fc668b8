// skill/description-person: descriptions are written in the third person ("Extracts…", not "I can…"). Pure.
import { defineRule } from "../define-rule.js";
import { fmValuePlace, fmString } from "../rule-utils.js";
import { SKILLS_BEST_PRACTICES } from "../sources.js";

const FIRST = /\b(I|I'm|I'll|I've|my|we|we'll|we're|our)\b/;
const SECOND = /\b(you can|you should|you will|you'll|you must|lets you|allows you|helps you|your)\b/i;

export const skillDescriptionPerson = defineRule({
  id: "skill/description-person",
  meta: {
    description: "a skill description is written in the third person",
    rationale:
      "The description is injected into the system prompt; Anthropic advises third person because a first- or second-person description confuses who is speaking. 'Use when the user…' trigger clauses are fine.",
    defaultSeverity: "off",
    strict: "warn",
    measured:
      'an opinion (Anthropic\'s authoring advice); on the precision suite its findings ("you must decide…" inside a when-clause) were judged debatable. On in the `strict` preset.',
    appliesTo: ["skill"],
    basis: "vendor",
    sources: [SKILLS_BEST_PRACTICES],
    messages: {
      first: "description uses the first person ('{{word}}'); write in the third person",
      second: "description addresses the reader ('{{word}}'); write in the third person",
    },
  },
  check({ file, report }) {
    const d = fmString(file, "description");
    if (!d) return;
    const place = fmValuePlace(file, "description");
    // Quoted trigger phrases ("review my UI") are the user's words, not the description's voice.
    const own = d.replace(/"[^"]*"|“[^”]*”|'[^']*'(?![a-z])|‘[^’]*’/g, " ");
    const f = FIRST.exec(own);
    if (f) return report({ messageId: "first", data: { word: f[0] }, place });
    const s = SECOND.exec(own);
    if (s) report({ messageId: "second", data: { word: s[0] }, place });
  },
});
