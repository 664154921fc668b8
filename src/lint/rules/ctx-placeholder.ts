// ctx/placeholder: unfilled template text ({{var}}, [Insert …], TODO/TBD lines) in instructions. Pure.
import { defineRule } from "../define-rule.js";
import { matchProse } from "../rule-utils.js";
import { SKILLSAW } from "../sources.js";

const DISCUSSES_SYNTAX = /placeholder|interpolat|variable|syntax|template|handlebars|mustache|i18n|translat/i;

/** Inside a "…" or “…” quotation on its line. */
function isQuoted(line: string, column0: number): boolean {
  const before = line.slice(0, column0);
  return (
    ((before.match(/"/g) ?? []).length % 2 === 1 && line.indexOf('"', column0) >= 0) ||
    before.lastIndexOf("“") > before.lastIndexOf("”")
  );
}

const PLACEHOLDERS =
  /\{\{[^{}\n]{1,80}\}\}|\[(?:insert|fill in|todo)\b[^\]\n]{0,80}\](?![(\[])|<(?:insert|fill[- ]in)[-_ ][^>\n]{0,60}>|^\s*(?:[-*]\s+)?(?:TODO|TBD|FIXME)\b:?\s*$|^\s*(?:[-*]\s+)?(?:TODO|TBD|FIXME):\s/gim;

/**
 * Words every PLACEHOLDERS match holds (lower-cased: its `i` folds ASCII letters only, as toLowerCase does
 * for them). A text with none is not matched at all, which spares compiling the regex (its bounded repeats
 * unroll into a large program).
 */
const PLACEHOLDER_WORDS = ["{{", "insert", "fill", "todo", "tbd", "fixme"];

export const ctxPlaceholder = defineRule({
  id: "ctx/placeholder",
  meta: {
    description:
      "instructions contain no unfilled placeholders: `{{name}}`, `[Insert …]`, `<insert …>`, bare TODO/TBD lines",
    rationale:
      "A placeholder left from a template reaches the model verbatim, which then guesses or copies it. Placeholders inside code (examples) are ignored.",
    defaultSeverity: "error",
    appliesTo: ["context", "skill", "cursor-rule"],
    basis: "community",
    sources: [SKILLSAW],
    messages: { placeholder: "unfilled placeholder '{{text}}'" },
  },
  check({ file, report }) {
    const lower = file.text.toLowerCase();
    if (!PLACEHOLDER_WORDS.some((w) => lower.includes(w))) return;
    for (const { match, place } of matchProse(file, PLACEHOLDERS)) {
      const line = file.index.lines[place.line - 1] ?? "";
      // Instructions about template or i18n syntax show `{{name}}` on purpose.
      if (match[0].startsWith("{{") && (DISCUSSES_SYNTAX.test(line) || isQuoted(line, place.column - 1))) continue;
      report({ messageId: "placeholder", data: { text: match[0].trim() }, place });
    }
  },
});
