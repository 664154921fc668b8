// skill/boolean-fields: Claude Code's boolean switches are YAML booleans, not the strings "true"/"false". Pure.
import { defineRule } from "../define-rule.js";
import { AGNIX_RULES, CLAUDE_SKILLS } from "../sources.js";

const BOOLEAN_KEYS = ["disable-model-invocation", "user-invocable"];

export const skillBooleanFields = defineRule({
  id: "skill/boolean-fields",
  meta: {
    description: "`disable-model-invocation` and `user-invocable` are YAML booleans, not quoted strings",
    rationale:
      'A quoted "true" is a string; Claude Code expects a boolean, so the setting may be ignored. The fix unquotes the value.',
    defaultSeverity: "error",
    appliesTo: ["skill"],
    targets: ["claude-code"],
    basis: "vendor",
    sources: [CLAUDE_SKILLS, AGNIX_RULES],
    fixable: "safe",
    messages: {
      string: '`{{key}}` is the string "{{value}}"; write the boolean {{value}} without quotes',
      notBoolean: "`{{key}}` must be true or false",
    },
  },
  check({ file, report }) {
    const data = file.frontmatter.data;
    if (!data) return;
    for (const key of BOOLEAN_KEYS) {
      const k = file.frontmatter.keys.find((x) => x.key === key);
      const v = data[key];
      if (!k || v === undefined || typeof v === "boolean") continue;
      const place = { line: k.valueLine, column: k.valueColumn };
      const lower = typeof v === "string" ? v.trim().toLowerCase() : "";
      if (lower === "true" || lower === "false") {
        report({
          messageId: "string",
          data: { key, value: lower },
          place,
          fix: { start: k.valueStart, end: k.valueEnd, text: lower },
        });
      } else report({ messageId: "notBoolean", data: { key }, place });
    }
  },
});
