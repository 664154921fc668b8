// skill/compatibility-max: `compatibility` is a string of 1–500 characters. Pure.
import { defineRule } from "../define-rule.js";
import { fmValuePlace, limitsSchema } from "../rule-utils.js";
import { SKILLS_REF, SKILLS_SPEC } from "../sources.js";

export const skillCompatibilityMax = defineRule({
  id: "skill/compatibility-max",
  meta: {
    description: "`compatibility`, when present, is a non-empty string of at most 500 characters",
    rationale:
      "The spec limits `compatibility` to 1–500 characters describing environment requirements; skills-ref rejects other values.",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC, SKILLS_REF],
    messages: {
      notString: "`compatibility` must be a non-empty string",
      tooLong: "`compatibility` is {{length}} characters; the limit is {{max}}",
    },
    optionsSchema: limitsSchema("maxChars"),
    defaultOptions: { maxChars: 500 },
  },
  check({ file, options, report }) {
    const data = file.frontmatter.data;
    if (!data || !("compatibility" in data)) return;
    const v = data["compatibility"];
    const place = fmValuePlace(file, "compatibility");
    if (typeof v !== "string" || v.trim() === "") return report({ messageId: "notString", place });
    if ([...v].length > options.maxChars)
      report({ messageId: "tooLong", data: { length: [...v].length, max: options.maxChars }, place });
  },
});
