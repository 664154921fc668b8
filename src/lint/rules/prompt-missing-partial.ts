// prompt/missing-partial: `{{> name}}` resolves to `name.hbs` next to the template or under its templates root. Pure.
import { defineRule } from "../define-rule.js";
import { partialCandidates, resolvePartial } from "../resolve-partial.js";
import { HANDLEBARS } from "../sources.js";

export const promptMissingPartial = defineRule({
  id: "prompt/missing-partial",
  meta: {
    description: "every `{{> partial}}` in a template resolves to a .hbs file",
    rationale: "A missing partial is a compile error at run time (strict mode) or, worse, silently empty text.",
    defaultSeverity: "error",
    appliesTo: ["template"],
    basis: "spec",
    sources: [HANDLEBARS],
    messages: { missing: "partial '{{name}}' not found (looked for {{looked}})" },
  },
  check({ file, project, report }) {
    const t = file.template;
    if (!t.ok) return;
    for (const p of t.partials) {
      if (p.name === "@partial-block") continue;
      if (resolvePartial(project.fs, file.path, p.name) !== undefined) continue;
      report({
        messageId: "missing",
        data: { name: p.name, looked: partialCandidates(file.path, p.name).join(", ") },
        place: { line: p.line, column: p.column },
      });
    }
  },
});
