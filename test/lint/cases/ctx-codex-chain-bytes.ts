// Valid/invalid table for ctx/codex-chain-bytes: where Codex's shared project-doc budget cuts or drops a file, and a project template's file alone. Test data.
import type { RuleCases } from "../rule-tester.js";
import { big, chain } from "./ctx.js";

export const ctxCodexChainBytesCases: RuleCases = {
  valid: [
    {
      path: "src/AGENTS.md",
      code: "short\n",
      facts: {
        codexChains: chain("src", [
          { path: "AGENTS.md", size: 100, kept: 100 },
          { path: "src/AGENTS.md", size: 6, kept: 6 },
        ]),
      },
    },
    { name: "no walk facts", path: "AGENTS.md", code: big(40000) },
    {
      name: "not a name Codex reads",
      path: "GEMINI.md",
      code: "x\n",
      facts: { codexChains: chain("", [{ path: "AGENTS.md", size: 40000, kept: 32768 }]) },
    },
    {
      name: "a project template's AGENTS.md: copied alone into each generated project",
      path: "packages/create-app/templates/next/AGENTS.md",
      code: "Read the framework docs first.\n",
      files: { "packages/create-app/templates/next/package.json": "{}" },
      facts: {
        codexChains: chain("packages/create-app/templates/next", [
          { path: "AGENTS.md", size: 40000, kept: 32768 },
          { path: "packages/create-app/templates/next/AGENTS.md", size: 31, kept: 0, dropped: "budget" },
        ]),
      },
    },
    {
      name: "a template shipping `_gitignore` instead of a manifest",
      path: "starter-basic/AGENTS.md",
      code: "Small.\n",
      files: { "starter-basic/_gitignore": "node_modules\n" },
      facts: {
        codexChains: chain("starter-basic", [
          { path: "AGENTS.md", size: 32760, kept: 32760 },
          { path: "starter-basic/AGENTS.md", size: 7, kept: 6 },
        ]),
      },
    },
  ],
  invalid: [
    {
      name: "the issue's example",
      path: "src/api/AGENTS.md",
      code: ("y".repeat(99) + "\n").repeat(100) + "z\n",
      facts: {
        codexChains: chain("src/api", [
          { path: "AGENTS.md", size: 20001, kept: 20001 },
          { path: "src/AGENTS.md", size: 10001, kept: 10001 },
          { path: "src/api/AGENTS.md", size: 10002, kept: 2766 },
        ]),
      },
      errors: [{ messageId: "truncated", line: 28, column: 67 }],
    },
    {
      name: "dropped",
      path: "a/AGENTS.md",
      code: "deep\n",
      facts: {
        codexChains: chain("a", [
          { path: "AGENTS.md", size: 40000, kept: 32768 },
          { path: "a/AGENTS.md", size: 5, kept: 0, dropped: "budget" },
        ]),
      },
      errors: [{ messageId: "dropped" }],
    },
    {
      name: "alone",
      path: "AGENTS.md",
      code: big(40000),
      facts: { codexChains: chain("", [{ path: "AGENTS.md", size: 40000, kept: 32768 }]) },
      errors: [{ messageId: "truncatedAlone", line: 1, column: 32769 }],
    },
    {
      name: "configured fallback name dropped",
      path: "a/CLAUDE.md",
      code: "deep\n",
      facts: {
        codexChains: chain("a", [
          { path: "AGENTS.md", size: 40000, kept: 32768 },
          { path: "a/CLAUDE.md", size: 5, kept: 0, dropped: "budget" },
        ]),
      },
      errors: [{ messageId: "dropped" }],
    },
    {
      name: "shadowed",
      path: "AGENTS.md",
      code: "x\n",
      facts: { codexChains: chain("", [{ path: "AGENTS.override.md", size: 2, kept: 2 }]) },
      errors: [{ messageId: "shadowed" }],
    },
    {
      name: "a project template's AGENTS.md over the budget on its own",
      path: "templates/app/AGENTS.md",
      code: big(40000),
      files: { "templates/app/package.json": "{}" },
      facts: {
        codexChains: chain("templates/app", [
          { path: "AGENTS.md", size: 100, kept: 100 },
          { path: "templates/app/AGENTS.md", size: 40000, kept: 32668 },
        ]),
      },
      errors: [{ messageId: "templateAlone", line: 1, column: 32769 }],
    },
    {
      name: "a templates folder that is no project (the repository's own prompt templates)",
      path: "src/templates/AGENTS.md",
      code: "deep\n",
      facts: {
        codexChains: chain("src/templates", [
          { path: "AGENTS.md", size: 40000, kept: 32768 },
          { path: "src/templates/AGENTS.md", size: 5, kept: 0, dropped: "budget" },
        ]),
      },
      errors: [{ messageId: "dropped" }],
    },
  ],
};
