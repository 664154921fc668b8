// skill/description-max: a description is at most 1,024 characters (spec and Codex's loader). Pure.
import { defineRule } from "../define-rule.js";
import { fmValuePlace, fmString, formatInt, limitsSchema } from "../rule-utils.js";
import { CODEX_SOURCE, SKILLS_SPEC } from "../sources.js";

import { SKILL_DESCRIPTION_MAX_CHARS } from "../../profiles/discovery-rules.js";

export const skillDescriptionMax = defineRule({
  id: "skill/description-max",
  meta: {
    description: "a skill description is at most 1,024 characters",
    rationale:
      "The spec caps descriptions at 1,024 characters and Codex refuses to load a skill whose description is longer (it counts characters, not bytes).",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC, CODEX_SOURCE],
    messages: { tooLong: "description is {{length}} characters; the limit is {{max}}" },
    optionsSchema: limitsSchema("maxChars"),
    defaultOptions: { maxChars: SKILL_DESCRIPTION_MAX_CHARS },
  },
  check({ file, options, report }) {
    const d = fmString(file, "description");
    if (d === undefined) return;
    const length = [...d].length;
    if (length > options.maxChars)
      report({
        messageId: "tooLong",
        data: { length: formatInt(length), max: formatInt(options.maxChars) },
        place: fmValuePlace(file, "description"),
      });
  },
});
