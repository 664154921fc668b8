// Valid/invalid table for ctx/broken-link: relative links resolve, or the checkout lacks their target by design. Test data.
import type { RuleCases } from "../rule-tester.js";

export const ctxBrokenLinkCases: RuleCases = {
  valid: [
    {
      path: "docs/AGENTS.md",
      code: "See [guide](../CONTRIBUTING.md) and [x](https://a.b).\n",
      files: { "CONTRIBUTING.md": "" },
    },
    {
      name: "a target the ignore files list (generated, each person's own)",
      path: "sdk/AGENTS.md",
      code: "Read [the API docs](./DOC.md) once `pnpm docs` wrote them.\n",
      files: { ".gitignore": "DOC.md\n" },
    },
  ],
  invalid: [
    {
      path: "AGENTS.md",
      code: "# T\n\nSee [guide](docs/guide.md).\n",
      errors: [{ messageId: "broken", line: 3, column: 13 }],
    },
    {
      name: "climbs above root",
      path: "AGENTS.md",
      code: "[x](../outside.md)\n",
      errors: [{ messageId: "broken", line: 1, column: 5 }],
    },
  ],
};
