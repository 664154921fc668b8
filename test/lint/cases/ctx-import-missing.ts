// Valid/invalid table for ctx/import-missing: `@path` imports resolve, or name a file the ignore files list. Test data.
import type { RuleCases } from "../rule-tester.js";

export const ctxImportMissingCases: RuleCases = {
  valid: [
    {
      path: "CLAUDE.md",
      code: "@AGENTS.md\n@~/.claude/me.md\nMail me@example.com, use @types/node.\n`@missing.md` in code\n",
      files: { "AGENTS.md": "" },
    },
    { name: "AGENTS.md does not import", path: "AGENTS.md", code: "@nothing.md\n" },
    {
      name: "an ignored import: each person's own file",
      path: "CLAUDE.md",
      code: "@CLAUDE.local.md\n",
      files: { ".gitignore": "CLAUDE.local.md\n" },
    },
  ],
  invalid: [
    {
      path: "CLAUDE.md",
      code: "# Memory\nSee @docs/missing.md for more.\n",
      errors: [{ messageId: "missing", line: 2, column: 5 }],
    },
    {
      name: "an import the ignore files do not list",
      path: "CLAUDE.md",
      code: "@notes/gone.md\n",
      files: { ".gitignore": "CLAUDE.local.md\n" },
      errors: [{ messageId: "missing", line: 1, column: 1 }],
    },
  ],
};
