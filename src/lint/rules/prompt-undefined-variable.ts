// prompt/undefined-variable: a template reads only data its fragment passes, the inputs it declares, or the
// configured extra variables; prose sent verbatim contains no `{{…}}` at all. Pure.
import { collectTemplateVariables } from "../collect-template-variables.js";
import { defineRule } from "../define-rule.js";
import { DOTPROMPT, HANDLEBARS_STRICT } from "../sources.js";
import { profileInputsOf } from "../template-inputs.js";

const MUSTACHE = /\{\{[^}\n]*\}\}/g;

export const promptUndefinedVariable = defineRule({
  id: "prompt/undefined-variable",
  meta: {
    description:
      "templates use only the variables their fragment provides or they declare (`{{!-- promptc-inputs: a, b --}}`)",
    rationale:
      "promptc renders templates in strict mode: a variable the data does not hold fails the render, and the fragment's text is empty. A template named after a prose id (base-instructions.hbs, permissions-sandbox-read-only.hbs, …) gets exactly the data that fragment passes; other templates declare their inputs in a `{{!-- promptc-inputs: … --}}` comment. Names passed to every template through the compile's `variables` option go in this rule's `variables` option. compact-prompt and compact-summary-prefix are sent verbatim, so any `{{…}}` in them reaches the model as is.",
    defaultSeverity: "error",
    appliesTo: ["template"],
    basis: "heuristic",
    sources: [HANDLEBARS_STRICT, DOTPROMPT],
    messages: {
      undefined: "'{{name}}' is not an input of {{template}} (inputs: {{inputs}}); strict rendering fails",
      notProvided: "declared input '{{name}}' is not data the {{template}} fragment passes (it passes: {{inputs}})",
      verbatim: "'{{text}}' is sent verbatim: {{template}} is not rendered, so the model sees the braces",
    },
    optionsSchema: {
      type: "object",
      additionalProperties: false,
      properties: { variables: { type: "array", items: { type: "string" } } },
    },
    defaultOptions: { variables: [] as string[] },
  },
  check({ file, options, report }) {
    const inputs = profileInputsOf(file.path);
    if (inputs.kind === "verbatim") {
      file.index.lines.forEach((line, i) => {
        for (const m of line.matchAll(MUSTACHE))
          report({
            messageId: "verbatim",
            data: { text: m[0], template: inputs.proseId },
            place: { line: i + 1, column: m.index + 1 },
          });
      });
      return;
    }
    const t = file.template;
    if (!t.ok) return;
    const vars = collectTemplateVariables(t.ast);
    let known: Set<string>;
    let template: string;
    if (inputs.kind === "profile") {
      known = new Set([...inputs.names, ...options.variables]);
      template = `the ${inputs.proseId} template`;
      for (const d of vars.declared) {
        if (!known.has(d.name))
          report({
            messageId: "notProvided",
            data: { name: d.name, template: inputs.proseId, inputs: inputs.names.join(", ") || "nothing" },
            place: { line: d.line, column: d.column },
          });
      }
    } else {
      // Not a prose id and nothing declared: lint cannot know what data it gets.
      if (!vars.hasDeclaration) return;
      known = new Set([...vars.declared.map((d) => d.name), ...options.variables]);
      template = "this template";
    }
    const list = [...known].sort().join(", ") || "none";
    for (const r of vars.refs) {
      if (!known.has(r.name))
        report({
          messageId: "undefined",
          data: { name: r.name, template, inputs: list },
          place: { line: r.line, column: r.column },
        });
    }
  },
});
