// cursor/frontmatter: .mdc rule frontmatter uses the documented keys with the right types. Pure.
import { defineRule } from "../define-rule.js";
import { fmKey } from "../rule-utils.js";
import { CURSOR_RULES, SKILLSAW } from "../sources.js";

export const cursorFrontmatter = defineRule({
  id: "cursor/frontmatter",
  meta: {
    description:
      "`.mdc` rule frontmatter: `alwaysApply` is a boolean, `description` a string, `globs` a string or list of strings",
    rationale:
      'Cursor decides when to attach a rule from these fields; a quoted "true" for alwaysApply is treated as not-always, and a rule with none of the fields is only applied when mentioned by hand.',
    defaultSeverity: "error",
    appliesTo: ["cursor-rule"],
    targets: ["cursor"],
    basis: "vendor",
    sources: [CURSOR_RULES, SKILLSAW],
    fixable: "safe",
    messages: {
      alwaysApplyString: '`alwaysApply` is the string "{{value}}"; write the boolean {{value}} without quotes',
      alwaysApplyType: "`alwaysApply` must be true or false",
      descriptionType: "`description` must be a string",
      globsType: "`globs` must be a string or a list of strings",
      manualOnly:
        "rule has no `alwaysApply`, `globs` or `description`, so Cursor applies it only when mentioned by hand",
    },
  },
  check({ file, report }) {
    if (!file.path.endsWith(".mdc")) return;
    const data = file.frontmatter.data;
    if (!file.frontmatter.present) return report({ messageId: "manualOnly" });
    if (!data) return;
    const at = (k: string): { line: number; column: number } => {
      const key = fmKey(file, k);
      return key ? { line: key.valueLine, column: key.valueColumn } : { line: 1, column: 1 };
    };
    const aa = data["alwaysApply"];
    if (aa !== undefined && aa !== null && typeof aa !== "boolean") {
      const lower = typeof aa === "string" ? aa.trim().toLowerCase() : "";
      const key = fmKey(file, "alwaysApply");
      if ((lower === "true" || lower === "false") && key)
        report({
          messageId: "alwaysApplyString",
          data: { value: lower },
          place: at("alwaysApply"),
          fix: { start: key.valueStart, end: key.valueEnd, text: lower },
        });
      else report({ messageId: "alwaysApplyType", place: at("alwaysApply") });
    }
    const d = data["description"];
    if (d !== undefined && d !== null && typeof d !== "string")
      report({ messageId: "descriptionType", place: at("description") });
    const g = data["globs"];
    if (
      g !== undefined &&
      g !== null &&
      typeof g !== "string" &&
      !(Array.isArray(g) && g.every((x) => typeof x === "string"))
    )
      report({ messageId: "globsType", place: at("globs") });
    const empty = (v: unknown): boolean =>
      v === undefined || v === null || v === "" || v === false || (Array.isArray(v) && v.length === 0);
    if (empty(aa) && empty(g) && empty(d)) report({ messageId: "manualOnly" });
  },
});
