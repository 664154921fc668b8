// skill/description-required: a skill has a non-empty string `description`. Pure.
import { defineRule } from "../define-rule.js";
import { fmKey } from "../rule-utils.js";
import { CODEX_SOURCE, SKILLS_SPEC } from "../sources.js";

export const skillDescriptionRequired = defineRule({
  id: "skill/description-required",
  meta: {
    description: "a skill's frontmatter has a non-empty `description` string",
    rationale:
      "The description is how an agent decides to use a skill. The spec requires it and Codex skips a skill without one (`missing field description`).",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC, CODEX_SOURCE],
    messages: {
      missing: "frontmatter has no `description`; Codex will not list this skill",
      empty: "`description` must be a non-empty string",
    },
  },
  check({ file, report }) {
    const data = file.frontmatter.data;
    if (!data) return;
    const v = data["description"];
    const key = fmKey(file, "description");
    if (v === undefined || v === null) report({ messageId: "missing" });
    else if (typeof v !== "string" || v.trim() === "")
      report({
        messageId: "empty",
        place: key ? { line: key.valueLine, column: key.valueColumn } : { line: 1, column: 1 },
      });
  },
});
