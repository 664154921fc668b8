// prompt/syntax: a Handlebars template parses. Pure.
import { defineRule } from "../define-rule.js";
import { HANDLEBARS } from "../sources.js";

export const promptSyntax = defineRule({
  id: "prompt/syntax",
  meta: {
    description: "a Handlebars template parses",
    rationale: "A template that does not parse fails every compile that uses it.",
    defaultSeverity: "error",
    appliesTo: ["template"],
    basis: "spec",
    sources: [HANDLEBARS],
    messages: { invalid: "template does not parse: {{error}}" },
  },
  check({ file, report }) {
    const t = file.template;
    if (!t.ok) report({ messageId: "invalid", data: { error: t.message }, place: { line: t.line, column: t.column } });
  },
});
