// prompt/unknown-helper: templates call only Handlebars built-ins and promptc's whitelisted helpers. Pure.
import { TEMPLATE_HELPERS } from "../../fragments/render-template.js";
import { defineRule } from "../define-rule.js";
import { HANDLEBARS } from "../sources.js";
import { isPromptTemplateFile } from "../template-inputs.js";

const BUILT_INS = ["if", "unless", "each", "with", "lookup"];

export const promptUnknownHelper = defineRule({
  id: "prompt/unknown-helper",
  meta: {
    description: "templates use only Handlebars built-in blocks and promptc's whitelisted helpers",
    rationale:
      "promptc compiles templates with `knownHelpersOnly`, so any other helper fails at render time; the whitelist also guarantees no helper reads the clock or environment. " +
      "A Handlebars file that is not a promptc template (linted because its folder was named) may also call the helpers the project's own code registers.",
    defaultSeverity: "error",
    appliesTo: ["template"],
    basis: "heuristic",
    sources: [HANDLEBARS],
    messages: { unknown: "helper '{{name}}' is not available (known: {{known}})" },
  },
  check({ file, project, report }) {
    const t = file.template;
    if (!t.ok) return;
    // promptc compiles its own templates with its helpers only; a project's other templates get the ones it registers.
    const registered = isPromptTemplateFile(file, project.fs)
      ? []
      : (project.facts.handlebarsRegistrations?.helpers ?? []);
    const known = [...BUILT_INS, ...TEMPLATE_HELPERS, ...registered];
    for (const h of t.helpers) {
      if (known.includes(h.name) || h.name.startsWith("@") || h.name.includes(".") || h.name === "this") continue;
      report({
        messageId: "unknown",
        data: { name: h.name, known: known.join(", ") },
        place: { line: h.line, column: h.column },
      });
    }
  },
});
