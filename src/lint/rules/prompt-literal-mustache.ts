// prompt/literal-mustache: `\{{…}}` renders as literal braces, so `{{name}}` residue reaches the model. Pure.
import { defineRule } from "../define-rule.js";
import { HANDLEBARS } from "../sources.js";

const ESCAPED = /\\\{\{[^}\n]*\}\}/g;

export const promptLiteralMustache = defineRule({
  id: "prompt/literal-mustache",
  meta: {
    description: "templates do not emit unrendered `{{ }}` text through escaped mustaches",
    rationale:
      "Handlebars outputs `\\{{name}}` as the literal text `{{name}}`. Unless the prompt is about templates, that is an unfilled placeholder in the compiled prompt.",
    defaultSeverity: "warn",
    appliesTo: ["template"],
    basis: "heuristic",
    sources: [HANDLEBARS],
    messages: { literal: "'{{text}}' renders as literal braces; the model sees an unfilled placeholder" },
  },
  check({ file, report }) {
    file.index.lines.forEach((line, i) => {
      for (const m of line.matchAll(ESCAPED))
        report({ messageId: "literal", data: { text: m[0].slice(1) }, place: { line: i + 1, column: m.index + 1 } });
    });
  },
});
