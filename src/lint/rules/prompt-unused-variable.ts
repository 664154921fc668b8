// prompt/unused-variable: an input a template declares with `promptc-inputs` that it never reads. Pure.
import { collectTemplateVariables } from "../collect-template-variables.js";
import { defineRule } from "../define-rule.js";
import { DOTPROMPT } from "../sources.js";

export const promptUnusedVariable = defineRule({
  id: "prompt/unused-variable",
  meta: {
    description: "every input a template declares (`{{!-- promptc-inputs: … --}}`) is used",
    rationale:
      "A declared input that the template never reads is either a leftover (the declaration no longer documents the template) or a sign that the text meant to use it and does not. Data a fragment merely offers (e.g. `cwd` to the sandbox prose) is not a declaration and is not reported.",
    defaultSeverity: "warn",
    appliesTo: ["template"],
    basis: "heuristic",
    sources: [DOTPROMPT],
    messages: { unused: "declared input '{{name}}' is never used" },
  },
  check({ file, report }) {
    const t = file.template;
    if (!t.ok) return;
    const vars = collectTemplateVariables(t.ast);
    const used = new Set(vars.refs.map((r) => r.name));
    const seen = new Set<string>();
    for (const d of vars.declared) {
      if (used.has(d.name) || seen.has(d.name)) continue;
      seen.add(d.name);
      report({ messageId: "unused", data: { name: d.name }, place: { line: d.line, column: d.column } });
    }
  },
});
