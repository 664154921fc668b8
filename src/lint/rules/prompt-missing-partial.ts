// prompt/missing-partial: `{{> name}}` resolves to `name.hbs` next to the template or under its templates root. Pure.
import { defineRule } from "../define-rule.js";
import { partialCandidates, resolvePartial } from "../resolve-partial.js";
import { HANDLEBARS } from "../sources.js";
import { isPromptTemplateFile } from "../template-inputs.js";

export const promptMissingPartial = defineRule({
  id: "prompt/missing-partial",
  meta: {
    description: "every `{{> partial}}` in a template resolves to a .hbs file",
    rationale:
      "A missing partial is a compile error at run time (strict mode) or, worse, silently empty text. A Handlebars file that is not a promptc template may also use the partials the project's own code registers.",
    defaultSeverity: "error",
    appliesTo: ["template"],
    basis: "spec",
    sources: [HANDLEBARS],
    messages: { missing: "partial '{{name}}' not found (looked for {{looked}})" },
  },
  check({ file, project, report }) {
    const t = file.template;
    if (!t.ok) return;
    const registered = isPromptTemplateFile(file, project.fs)
      ? []
      : (project.facts.handlebarsRegistrations?.partials ?? []);
    for (const p of t.partials) {
      if (p.name === "@partial-block" || registered.includes(p.name)) continue;
      if (resolvePartial(project.fs, file.path, p.name) !== undefined) continue;
      report({
        messageId: "missing",
        data: { name: p.name, looked: partialCandidates(file.path, p.name).join(", ") },
        place: { line: p.line, column: p.column },
      });
    }
  },
});
