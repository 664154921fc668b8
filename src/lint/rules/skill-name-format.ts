// skill/name-format: name is 1–64 lowercase letters/digits in hyphen-separated words. Pure.
import { defineRule } from "../define-rule.js";
import { fmKey, fmString } from "../rule-utils.js";
import { SKILLS_REF, SKILLS_SPEC } from "../sources.js";

import { SKILL_NAME_MAX_CHARS } from "../../profiles/discovery-rules.js";
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What --fix writes: lowercase, runs of other characters become one hyphen. */
export function kebabName(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const skillNameFormat = defineRule({
  id: "skill/name-format",
  meta: {
    description: "a skill name is 1–64 characters of lowercase letters, digits and single hyphens",
    rationale:
      "The Agent Skills spec restricts names to lowercase alphanumerics and hyphens with no leading, trailing or doubled hyphen, at most 64 characters. Codex refuses names over 64 characters; other clients reject the rest.",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC, SKILLS_REF],
    fixable: "safe",
    messages: {
      format: "skill name '{{name}}' must be lowercase letters, digits and single hyphens (e.g. '{{suggestion}}')",
      tooLong: "skill name is {{length}} characters; the limit is {{max}}",
    },
    optionsSchema: { type: "object", additionalProperties: false, properties: {} },
  },
  check({ file, report }) {
    const name = fmString(file, "name");
    const key = fmKey(file, "name");
    if (name === undefined || name.trim() === "" || !key) return;
    const place = { line: key.valueLine, column: key.valueColumn };
    const chars = [...name].length;
    if (chars > SKILL_NAME_MAX_CHARS)
      report({ messageId: "tooLong", data: { length: chars, max: SKILL_NAME_MAX_CHARS }, place });
    if (!NAME.test(name)) {
      const suggestion = kebabName(name);
      const fixable = suggestion !== "" && !key.quoted && !name.includes("\n");
      report({
        messageId: "format",
        data: { name, suggestion: suggestion || "my-skill" },
        place,
        ...(fixable ? { fix: { start: key.valueStart, end: key.valueEnd, text: suggestion } } : {}),
      });
    }
  },
});
