// Valid/invalid tables for the ctx/* rules. Test data.
import type { CodexChain } from "../../../src/lint/lint-project.js";
import type { RuleCases } from "../rule-tester.js";

export const chain = (dir: string, files: CodexChain["files"]): Map<string, CodexChain> =>
  new Map([[dir, { dir, maxBytes: 32768, names: ["AGENTS.override.md", "AGENTS.md", "CLAUDE.md"], files }]]);
export const big = (n: number): string => "x".repeat(n - 1) + "\n";

export const ctxCases: { [ruleId: string]: RuleCases } = {
  "ctx/token-budget": {
    valid: [
      { path: "AGENTS.md", code: "Run npm test.\n" },
      { name: "within the margin (1.5× the budget)", path: "AGENTS.md", code: "word ".repeat(4400) },
      { name: "loaded on demand, not every session", path: ".cursor/commands/release.md", code: "word ".repeat(6000) },
    ],
    invalid: [
      { path: "AGENTS.md", code: "word ".repeat(4600), errors: [{ messageId: "over" }] },
      {
        name: "over the hard limit",
        path: "AGENTS.md",
        code: "word ".repeat(10100),
        errors: [{ messageId: "overHard" }],
      },
    ],
  },
  "ctx/max-lines": {
    valid: [
      { path: "CLAUDE.md", code: "line\n".repeat(200) },
      { name: "within the margin", path: "CLAUDE.md", code: "line\n".repeat(300) },
      { path: ".cursor/rules/a.mdc", code: "line\n".repeat(400) },
      { name: "a fixture", path: "test/fixtures/CLAUDE.md", code: "line\n".repeat(400) },
      {
        name: "an AGENTS.md beside a CLAUDE.md (Claude Code's advice; Claude Code reads the CLAUDE.md instead)",
        path: "AGENTS.md",
        code: "line\n".repeat(400),
        files: { "CLAUDE.md": "Short.\n" },
      },
    ],
    invalid: [
      { path: "CLAUDE.md", code: "line\n".repeat(301), errors: [{ messageId: "tooLong", line: 201 }] },
      {
        name: "an AGENTS.md in a project without CLAUDE.md (Claude Code falls back to it)",
        path: "AGENTS.md",
        code: "line\n".repeat(400),
        errors: [{ messageId: "tooLong", line: 201 }],
      },
    ],
  },
  "ctx/claude-chars": {
    valid: [{ path: "CLAUDE.md", code: "See @docs/a.md\n", files: { "docs/a.md": "x".repeat(1000) } }],
    invalid: [
      {
        path: "CLAUDE.md",
        code: "See @docs/a.md\n",
        files: { "docs/a.md": "x".repeat(40000) },
        errors: [{ messageId: "over" }],
      },
    ],
  },
  "ctx/copilot-chars": {
    valid: [
      { path: ".github/copilot-instructions.md", code: "x".repeat(4000) },
      { name: "not copilot", path: "AGENTS.md", code: "x".repeat(5000) },
    ],
    invalid: [
      {
        path: ".github/copilot-instructions.md",
        code: "x\n".repeat(2001),
        errors: [{ messageId: "over", line: 2001, column: 1 }],
      },
    ],
  },
  "ctx/import-cycle": {
    valid: [{ path: "CLAUDE.md", code: "@a.md\n", files: { "a.md": "@b.md", "b.md": "end" } }],
    invalid: [
      {
        path: "CLAUDE.md",
        code: "\n@a.md\n",
        files: { "a.md": "@b.md", "b.md": "@CLAUDE.md" },
        errors: [{ messageId: "cycle", line: 2, column: 1 }],
      },
    ],
  },
  "ctx/import-depth": {
    valid: [
      {
        path: "CLAUDE.md",
        code: "@1.md\n",
        files: { "1.md": "@2.md", "2.md": "@3.md", "3.md": "@4.md", "4.md": "@5.md", "5.md": "end" },
      },
    ],
    invalid: [
      {
        path: "CLAUDE.md",
        code: "@1.md\n",
        files: { "1.md": "@2.md", "2.md": "@3.md", "3.md": "@4.md", "4.md": "@5.md", "5.md": "@6.md", "6.md": "end" },
        errors: [{ messageId: "tooDeep", line: 1, column: 1 }],
      },
    ],
  },
  "ctx/placeholder": {
    valid: [
      {
        path: "AGENTS.md",
        code: "Use `{{name}}` syntax.\n```\n[Insert name]\n```\nNo TODO comments in code.\nSee [insert](https://orm.dev/insert).\n",
      },
    ],
    invalid: [
      { path: "AGENTS.md", code: "# {{project_name}}\n", errors: [{ messageId: "placeholder", line: 1, column: 3 }] },
      {
        path: "AGENTS.md",
        code: "Intro\n- TODO: describe tests\n[Insert build command here]\n",
        errors: [
          { messageId: "placeholder", line: 2, column: 1 },
          { messageId: "placeholder", line: 3, column: 1 },
        ],
      },
    ],
  },
  "ctx/personal-paths": {
    valid: [
      {
        path: "AGENTS.md",
        code: "Config lives in /home/user/.config and /Users/<name>/x.\n```sh\ncd /Users/$USER/src\n```\n",
      },
    ],
    invalid: [
      {
        path: "AGENTS.md",
        code: "Run /Users/alice/bin/tool first.\n",
        errors: [{ messageId: "personal", line: 1, column: 5 }],
      },
      {
        name: "in a code block",
        path: "AGENTS.md",
        code: "Setup:\n\n```sh\ncd /Users/alice/code/app\n```\n",
        errors: [{ messageId: "personal", line: 4, column: 4 }],
      },
    ],
  },
  "ctx/volatile-content": {
    valid: [
      { path: "AGENTS.md", code: "Tests must pass before merge.\n" },
      {
        name: "code in a fence indented under a list item",
        path: "AGENTS.md",
        code: "- Example logger:\n\n      ```ts\n      const timestamp = new Date().toISOString()\n      ```\n",
      },
    ],
    invalid: [
      {
        name: "an indented fence outside a list is not a fence",
        path: "AGENTS.md",
        code: "Intro\n\n    ```\nLast updated: 2026-11-02\n",
        errors: [{ messageId: "volatile", line: 4, column: 1 }],
      },
      {
        path: "AGENTS.md",
        code: "Intro\nLast updated: 2026-11-02\n",
        errors: [{ messageId: "volatile", line: 2, column: 1 }],
      },
    ],
  },
  "ctx/no-tree-dump": {
    valid: [
      { path: "AGENTS.md", code: "```\nsrc/\n├── a.ts\n└── b.ts\n```\n" },
      {
        name: "a layout to follow, with a placeholder",
        path: "AGENTS.md",
        code: "```\nlibs/providers/langchain-{provider}/\n" + "├── f.ts\n".repeat(16) + "```\n",
      },
    ],
    invalid: [
      {
        path: "AGENTS.md",
        code: "Layout:\n```\nsrc/\n" + "├── f.ts\n".repeat(16) + "```\n",
        errors: [{ messageId: "tree", line: 2, column: 1 }],
      },
      {
        name: "an annotated overview is still an overview (the kind AGENTbench found does not help)",
        path: "AGENTS.md",
        code: "```\nrepo/\n" + "├── shell/   # Core C++ application code\n".repeat(16) + "```\n",
        errors: [{ messageId: "tree", line: 1, column: 1 }],
      },
    ],
  },
  "ctx/duplicate-layer": {
    valid: [
      {
        name: "a root AGENTS.md linking to this file",
        path: ".agents/AGENTS.md",
        code: "Always run the full test suite with coverage before pushing any change to the main branch.\n",
        files: {
          "AGENTS.md": "Always run the full test suite with coverage before pushing any change to the main branch.\n",
        },
        links: { "AGENTS.md": ".agents/AGENTS.md" },
      },
      {
        path: "pkg/AGENTS.md",
        code: "Package-specific rule that is long enough to count as a paragraph in this file.\n",
        files: { "AGENTS.md": "Root rule that is long enough to count as a paragraph for the duplicate check.\n" },
      },
    ],
    invalid: [
      {
        path: "pkg/AGENTS.md",
        code: "# Pkg\n\nAlways run the full test suite with coverage before pushing any change to the main branch.\n",
        files: {
          "AGENTS.md":
            "# Root\n\nAlways run the full test suite with coverage\nbefore pushing any change to the main branch.\n",
        },
        errors: [{ messageId: "duplicate", line: 3, column: 1 }],
      },
    ],
  },
};
