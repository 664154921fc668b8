// Valid/invalid table for ctx/harness-drops: what a harness started in the project leaves out, said once at its level. Test data.
import type { RuleCases } from "../rule-tester.js";

export const ctxHarnessDropsCases: RuleCases = {
  valid: [
    {
      name: "an import inside the launch folder",
      path: "CLAUDE.md",
      code: "@docs/a.md\n",
      files: { "docs/a.md": "x" },
    },
    {
      name: "an AGENTS.md beside a CLAUDE.md, by default",
      path: "AGENTS.md",
      code: "Rules.\n",
      files: { "CLAUDE.md": "Other rules.\n" },
    },
    {
      name: "an AGENTS.md that CLAUDE.md links to (its text is sent under that name)",
      path: "AGENTS.md",
      code: "Rules.\n",
      links: { "CLAUDE.md": "AGENTS.md" },
      options: { ignoredFiles: true },
    },
    {
      name: "an AGENTS.md that CLAUDE.md imports",
      path: "AGENTS.md",
      code: "Rules.\n",
      files: { "CLAUDE.md": "@AGENTS.md\n" },
      options: { ignoredFiles: true },
    },
    {
      name: "one import pattern in many files: said once, by the first importer",
      path: "packages/b/CLAUDE.md",
      code: "@../../AGENTS.md\n",
      files: { "AGENTS.md": "Rules.\n", "packages/a/CLAUDE.md": "@../../AGENTS.md\n" },
    },
  ],
  invalid: [
    {
      name: "Claude Code started in the package drops an import above it",
      path: "packages/a/CLAUDE.md",
      code: "# A\n@../../shared/rules.md\n",
      files: { "shared/rules.md": "Shared.\n" },
      errors: [
        {
          messageId: "importApproval",
          line: 2,
          message:
            "Claude Code, started in packages/a, asks once per project before it loads 'shared/rules.md' (outside that folder), then loads it; until approved",
        },
      ],
    },
    {
      name: "an AGENTS.md beside a CLAUDE.md, asked for",
      path: "AGENTS.md",
      code: "Rules.\n",
      files: { "CLAUDE.md": "Other rules.\n" },
      options: { ignoredFiles: true },
      errors: [{ messageId: "ignored" }],
    },
    {
      name: "the first importer of a pattern names the others",
      path: "packages/a/CLAUDE.md",
      code: "@../../AGENTS.md\n",
      files: {
        "AGENTS.md": "Rules.\n",
        "packages/b/CLAUDE.md": "@../../AGENTS.md\n",
        "packages/c/CLAUDE.md": "# C\n\n@../../AGENTS.md\n",
      },
      errors: [
        {
          messageId: "importApproval",
          line: 1,
          message:
            "'AGENTS.md' (outside that folder), then loads it; until approved, and in runs that cannot ask (claude -p, CI), it is left out (imported the same way by 2 other files: packages/b/CLAUDE.md, packages/c/CLAUDE.md)",
        },
      ],
    },
    {
      name: "Gemini CLI refuses an import outside the project: a warning, in its own words",
      path: "GEMINI.md",
      code: "@../outside.md\n",
      targets: ["gemini"],
      errors: [{ messageId: "importOutside", line: 1 }],
    },
  ],
};
