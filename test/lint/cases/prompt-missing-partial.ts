// Valid/invalid table for prompt/missing-partial: partials resolve to files, or to what the project's code registers for its own templates. Test data.
import type { RuleCases } from "../rule-tester.js";

export const promptMissingPartialCases: RuleCases = {
  valid: [
    {
      path: "templates/codex/a.hbs",
      code: "{{> footer}}\n{{> shared}}\n",
      files: { "templates/codex/footer.hbs": "", "templates/partials/shared.hbs": "" },
    },
    {
      name: "a partial the project's code registers, in one of its own templates",
      path: "generators/page/templates/page.hbs",
      code: "{{> license}}\n",
      facts: { handlebarsRegistrations: { helpers: [], partials: ["license"] } },
    },
  ],
  invalid: [
    { path: "templates/a.hbs", code: "x\n{{> nope}}\n", errors: [{ messageId: "missing", line: 2, column: 1 }] },
    {
      name: "a registered partial does not reach a promptc template",
      path: "prose/base-instructions.hbs",
      code: "{{> license}}\n",
      facts: { handlebarsRegistrations: { helpers: [], partials: ["license"] } },
      errors: [{ messageId: "missing", line: 1, column: 1 }],
    },
  ],
};
