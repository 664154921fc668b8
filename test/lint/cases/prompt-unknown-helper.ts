// Valid/invalid table for prompt/unknown-helper: promptc templates call promptc's helpers; a project's own
// templates may call the ones its code registers. Test data.
import type { RuleCases } from "../rule-tester.js";

export const promptUnknownHelperCases: RuleCases = {
  valid: [
    { path: "templates/a.hbs", code: '{{#each xs}}{{join this ", "}}{{/each}}{{#if (eq a 1)}}x{{/if}}\n' },
    {
      name: "a project's own template calls the helpers its code registers",
      path: "generators/component/templates/index.ts.hbs",
      code: "export const {{pascalCase name}} = {{#ifEquals kind 'x'}}1{{/ifEquals}};\n",
      facts: { handlebarsRegistrations: { helpers: ["ifEquals", "pascalCase"], partials: [] } },
    },
  ],
  invalid: [
    { path: "templates/a.hbs", code: "{{upper name}}\n", errors: [{ messageId: "unknown", line: 1, column: 1 }] },
    {
      name: "a promptc template gets promptc's helpers only, whatever the project registers",
      path: "prose/base-instructions.hbs",
      code: "You are {{pascalCase model}}.\n",
      facts: { handlebarsRegistrations: { helpers: ["pascalCase"], partials: [] } },
      errors: [{ messageId: "unknown", line: 1, column: 9 }],
    },
    {
      name: "a helper nobody registers",
      path: "generators/component/templates/index.ts.hbs",
      code: "{{kebab name}}\n",
      facts: { handlebarsRegistrations: { helpers: ["pascalCase"], partials: [] } },
      errors: [{ messageId: "unknown", line: 1, column: 1 }],
    },
  ],
};
