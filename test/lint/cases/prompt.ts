// Valid/invalid tables for the template-input rules (prompt/undefined-variable, prompt/unused-variable). Test data.
import type { RuleCases } from "../rule-tester.js";

export const promptCases: { [ruleId: string]: RuleCases } = {
  "prompt/undefined-variable": {
    valid: [
      {
        name: "profile data",
        path: "templates/promptc/permissions-writable-roots.hbs",
        code: '{{#if (eq count 1)}}Root {{backtickList roots}}.{{else}}Roots {{join roots ", "}}.{{/if}}\n',
      },
      {
        name: "each body and block params",
        path: "templates/promptc/permissions-approved-prefixes.hbs",
        code: "{{#each prefixes as |p i|}}{{i}} {{p}} {{this}} {{name}} {{@index}} {{@root.prefixes}}{{/each}}\n",
      },
      {
        name: "declared inputs",
        path: "templates/mine/greeting.hbs",
        code: "{{!-- promptc-inputs: user, project --}}\nHi {{user.name}} on {{project}}.\n",
      },
      {
        name: "configured extras",
        path: "templates/promptc/base-instructions.hbs",
        code: "You are {{model}} in {{shell}} for {{team}}.\n",
        options: { variables: ["team"] },
      },
      { name: "undeclared unknown template", path: "templates/mine/other.hbs", code: "{{anything}}\n" },
      {
        name: "verbatim prose without braces",
        path: "templates/promptc/compact-prompt.hbs",
        code: "Summarise the work so far.\n",
      },
    ],
    invalid: [
      {
        name: "typo of profile data",
        path: "templates/promptc/base-instructions.hbs",
        code: "You are {{model}}.\nShell: {{shel}}\n",
        errors: [{ messageId: "undefined", line: 2, column: 10 }],
      },
      {
        name: "in a helper argument and a sub-expression",
        path: "templates/codex/permissions-writable-roots.hbs",
        code: "{{#if (eq total 1)}}{{backtickList dirs}}{{/if}}\n",
        errors: [
          { messageId: "undefined", line: 1, column: 11 },
          { messageId: "undefined", line: 1, column: 36 },
        ],
      },
      {
        name: "@root and ../ reach the root data",
        path: "templates/promptc/permissions-approved-prefixes.hbs",
        code: "{{#each prefixes}}{{../nope}} {{@root.missing}}{{/each}}\n",
        errors: [
          { messageId: "undefined", line: 1, column: 21 },
          { messageId: "undefined", line: 1, column: 33 },
        ],
      },
      {
        name: "declared template reads more",
        path: "templates/mine/greeting.hbs",
        code: "{{!-- promptc-inputs: user --}}\n{{user}} {{project}}\n",
        errors: [{ messageId: "undefined", line: 2, column: 12 }],
      },
      {
        name: "declaration the fragment cannot satisfy",
        path: "templates/promptc/skills-preamble.hbs",
        code: "{{!-- promptc-inputs: skillCount, roots --}}\n{{skillCount}} skills\n",
        errors: [{ messageId: "notProvided", line: 1, column: 1 }],
      },
      {
        name: "verbatim prose with braces",
        path: "templates/promptc/compact-summary-prefix.hbs",
        code: "Summary for {{user}}:\n",
        errors: [{ messageId: "verbatim", line: 1, column: 13 }],
      },
    ],
  },
  "prompt/unused-variable": {
    valid: [
      {
        path: "templates/mine/greeting.hbs",
        code: "{{!-- promptc-inputs: user, items --}}\n{{user}}{{#each items}}{{this}}{{/each}}\n",
      },
      {
        name: "offered data is not declared",
        path: "templates/promptc/permissions-sandbox-read-only.hbs",
        code: "Read-only; network {{network_access}}.\n",
      },
    ],
    invalid: [
      {
        path: "templates/mine/greeting.hbs",
        code: "Hi\n{{! promptc-inputs: user project }}\n{{user}}\n",
        errors: [{ messageId: "unused", line: 2, column: 1 }],
      },
      {
        name: "read only inside an each body is not a root read",
        path: "templates/mine/list.hbs",
        code: "{{!-- promptc-inputs: items, label --}}\n{{#each items}}{{label}}{{/each}}\n",
        errors: [{ messageId: "unused", line: 1, column: 1 }],
      },
    ],
  },
};
