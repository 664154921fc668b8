// skill/name-required: the frontmatter has a non-empty string `name`. Pure.
import { defineRule } from "../define-rule.js";
import { baseName, fmKey, skillDir } from "../rule-utils.js";
import { SKILLS_SPEC } from "../sources.js";

export const skillNameRequired = defineRule({
  id: "skill/name-required",
  meta: {
    description: "a skill's frontmatter has a non-empty `name` string",
    rationale:
      "The spec requires `name`. Codex falls back to the directory name, other clients reject the skill, so relying on the fallback makes the skill behave differently per harness.",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC],
    fixable: "suggest",
    messages: { missing: "frontmatter has no `name`", notString: "`name` must be a non-empty string" },
  },
  check({ file, report }) {
    const data = file.frontmatter.data;
    if (!data) return;
    const v = data["name"];
    const key = fmKey(file, "name");
    if (v === undefined || v === null) {
      const dir = baseName(skillDir(file));
      const at = file.index.lineStarts[1] ?? 0;
      report({ messageId: "missing", ...(dir ? { fix: { start: at, end: at, text: `name: ${dir}\n` } } : {}) });
    } else if (typeof v !== "string" || v.trim() === "") {
      report({
        messageId: "notString",
        place: key ? { line: key.valueLine, column: key.valueColumn } : { line: 1, column: 1 },
      });
    }
  },
});
