// Valid/invalid tables for the ctx/* rules. Test data.
import type { CodexChain } from "../../../src/lint/lint-project.js";
import type { RuleCases } from "../rule-tester.js";

const chain = (dir: string, files: CodexChain["files"]): Map<string, CodexChain> =>
  new Map([[dir, { dir, maxBytes: 32768, names: ["AGENTS.override.md", "AGENTS.md", "CLAUDE.md"], files }]]);
const big = (n: number): string => "x".repeat(n - 1) + "\n";

export const ctxCases: { [ruleId: string]: RuleCases } = {
  "ctx/codex-chain-bytes": {
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
    ],
  },
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
  "ctx/harness-drops": {
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
    ],
    invalid: [
      {
        name: "Claude Code started in the package drops an import above it",
        path: "packages/a/CLAUDE.md",
        code: "# A\n@../../shared/rules.md\n",
        files: { "shared/rules.md": "Shared.\n" },
        errors: [{ messageId: "importOutside", line: 2 }],
      },
      {
        name: "an AGENTS.md beside a CLAUDE.md, asked for",
        path: "AGENTS.md",
        code: "Rules.\n",
        files: { "CLAUDE.md": "Other rules.\n" },
        options: { ignoredFiles: true },
        errors: [{ messageId: "ignored" }],
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
  "ctx/broken-link": {
    valid: [
      {
        path: "docs/AGENTS.md",
        code: "See [guide](../CONTRIBUTING.md) and [x](https://a.b).\n",
        files: { "CONTRIBUTING.md": "" },
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
  },
  "ctx/import-missing": {
    valid: [
      {
        path: "CLAUDE.md",
        code: "@AGENTS.md\n@~/.claude/me.md\nMail me@example.com, use @types/node.\n`@missing.md` in code\n",
        files: { "AGENTS.md": "" },
      },
      { name: "AGENTS.md does not import", path: "AGENTS.md", code: "@nothing.md\n" },
    ],
    invalid: [
      {
        path: "CLAUDE.md",
        code: "# Memory\nSee @docs/missing.md for more.\n",
        errors: [{ messageId: "missing", line: 2, column: 5 }],
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
        name: "an annotated layout: each entry says what it holds",
        path: "AGENTS.md",
        code: "```\nrepo/\n" + "├── shell/   # Core C++ application code\n".repeat(16) + "```\n",
      },
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
        name: "a few comments do not make a dump an annotated layout",
        path: "AGENTS.md",
        code: "```\nsrc/\n├── a/  # the app\n" + "├── f.ts\n".repeat(16) + "```\n",
        errors: [{ messageId: "tree", line: 1, column: 1 }],
      },
    ],
  },
  "ctx/commands-exist": {
    valid: [
      {
        path: "AGENTS.md",
        code: "Run `npm run build` and `npm test`, then `make lint`.\n```\nnpm run build\n```\n",
        files: { "package.json": '{"scripts":{"build":"tsc","test":"vitest"}}', Makefile: "lint: x\n\ttrue\n" },
      },
      { name: "no package.json", path: "AGENTS.md", code: "`npm run anything`\n" },
      {
        name: "prose is English, not a command",
        path: "AGENTS.md",
        code: "Make sure the tests pass; make a note, make room, make the change. npm run wild in prose.\n",
        files: { "package.json": '{"scripts":{}}', Makefile: "build:\n" },
      },
      {
        name: "cd on an earlier line of the block",
        path: "AGENTS.md",
        code: "```sh\ncd web\nnpm run dev\n```\n`cd api && npm run serve`\n",
        files: {
          "package.json": '{"scripts":{}}',
          "web/package.json": '{"scripts":{"dev":"vite"}}',
          "api/package.json": '{"scripts":{"serve":"node ."}}',
        },
      },
      {
        name: "the script of a workspace package (the root has none)",
        path: "AGENTS.md",
        code: "Run `pnpm run bundle` and `pnpm --filter pnpm run bundle`.\n",
        files: {
          "package.json": '{"scripts":{}}',
          "pnpm-workspace.yaml": "packages:\n  - 'pkgs/*'\n  - pnpm\n",
          "pnpm/package.json": '{"name":"pnpm","scripts":{"bundle":"x"}}',
          "pkgs/a/package.json": '{"name":"a"}',
        },
      },
      {
        name: "a folder named in the text around it",
        path: "AGENTS.md",
        code: "From `backend/`:\n\n```sh\nnpm run migrate\n```\n",
        files: { "package.json": '{"scripts":{}}', "backend/package.json": '{"scripts":{"migrate":"x"}}' },
      },
      {
        name: "installed binaries and dependencies' bins",
        path: "AGENTS.md",
        code: "`pnpm tsx src/a.ts`, `pnpm changeset`, `pnpm drizzle-kit migrate`, `yarn prisma generate`, `pnpm tauri dev`\n",
        files: {
          "package.json":
            '{"devDependencies":{"tsx":"4","@changesets/cli":"2","drizzle-kit":"1","@tauri-apps/cli":"2"}}',
          "node_modules/.bin/prisma": "",
        },
      },
      {
        name: "package-manager built-ins",
        path: "AGENTS.md",
        code: "`pnpm change`, `pnpm view react version`, `yarn dlx x`, `bun x y`, `pnpm add -D x`, `npm ci`\n",
        files: { "package.json": '{"scripts":{}}' },
      },
      {
        name: "placeholders and globs",
        path: "AGENTS.md",
        code: "`pnpm run build:<package>`, `pnpm test:*`, `make docker-*`, `pnpm generate:plugin-{name}`, `pnpm run build:`\n",
        files: { "package.json": '{"scripts":{}}', Makefile: "build:\n" },
      },
      {
        name: "make pattern rules and .PHONY names",
        path: "AGENTS.md",
        code: "`make docker-build` then `make release`\n",
        files: { Makefile: ".PHONY: release\ndocker-%:\n\tdocker build $*\n" },
      },
      {
        name: "a sentence saying the target does not exist",
        path: "AGENTS.md",
        code: "There is no `make migrate` target on purpose.\n",
        files: { Makefile: "build:\n" },
      },
      {
        name: "a non-shell code block",
        path: "AGENTS.md",
        code: "```ts\nconst s = 'npm run nothing';\n```\n",
        files: { "package.json": '{"scripts":{}}' },
      },
      {
        name: "a skill for other projects (outside every skill folder)",
        path: "skills/ship/SKILL.md",
        code: "---\nname: ship\ndescription: Ships. Use when asked.\n---\n`npm run deploy`\n",
        files: { "package.json": '{"scripts":{}}' },
      },
      {
        name: "an example folder",
        path: "examples/app/AGENTS.md",
        code: "`npm run deploy`\n",
        files: { "package.json": '{"scripts":{}}' },
      },
    ],
    invalid: [
      {
        path: "pkg/AGENTS.md",
        code: "Use `pnpm run lint:fix`.\n",
        files: { "package.json": '{"scripts":{"lint":"eslint"}}' },
        errors: [{ messageId: "script", line: 1, column: 6 }],
      },
      {
        path: "AGENTS.md",
        code: "\n```\nmake deploy\n```\n",
        files: { Makefile: "build:\n\tcc\n" },
        errors: [{ messageId: "target", line: 3, column: 1 }],
      },
      {
        name: "yarn and pnpm scripts without run",
        path: "AGENTS.md",
        code: "Run `yarn build` first.\n```sh\n  pnpm  release\nnpm ci && yarn test\n```\n",
        files: { "package.json": '{"scripts":{"lint":"eslint"}}' },
        errors: [
          { messageId: "script", line: 1, column: 6 },
          { messageId: "script", line: 3, column: 3 },
          { messageId: "script", line: 4, column: 11 },
        ],
      },
      {
        name: "once per file",
        path: "AGENTS.md",
        code: "`npm run gone`\n\n```sh\nnpm run gone\nnpm run gone -- --watch\n```\n",
        files: { "package.json": '{"scripts":{}}' },
        errors: [{ messageId: "script", line: 1, column: 2 }],
      },
      {
        name: "the named package lacks the script",
        path: "AGENTS.md",
        code: "`pnpm --filter web run bundle`\n",
        files: {
          "package.json": '{"scripts":{"bundle":"x"}}',
          "pnpm-workspace.yaml": "packages:\n  - web\n",
          "web/package.json": '{"name":"web","scripts":{}}',
        },
        errors: [{ messageId: "script", line: 1, column: 2 }],
      },
    ],
  },
  "ctx/code-span-path": {
    valid: [
      {
        path: "AGENTS.md",
        code: "Edit `src/app.ts` and `docs/`; see `pkg/README.md`.\n",
        files: { "src/app.ts": "", "docs/a.md": "", "pkg/README.md": "" },
        facts: { projectFiles: { files: ["AGENTS.md", "docs/a.md", "pkg/README.md", "src/app.ts"], complete: true } },
      },
      {
        name: "relative to a package folder, a .js import of a .ts file",
        path: "AGENTS.md",
        code: "In each package, `src/index.ts` exports `exports/client/index.js`.\n",
        facts: {
          projectFiles: {
            files: ["packages/a/src/index.ts", "packages/a/src/exports/client/index.ts"],
            complete: true,
          },
        },
      },
      {
        name: "creating, elided, generated, not a path",
        path: "AGENTS.md",
        code: "Create `src/new/file.ts`.\nSee `web/.../utils.ts`, `dist/index.js`, `react-dom/client`, `@scope/pkg/x.js`, `test:unit`.\n",
        facts: { projectFiles: { files: ["AGENTS.md"], complete: true } },
      },
      {
        name: "no complete file list",
        path: "AGENTS.md",
        code: "Edit `src/gone.ts`.\n",
        facts: { projectFiles: { files: [], complete: false } },
      },
      {
        name: "a sample folder",
        path: "examples/app/AGENTS.md",
        code: "Edit `src/gone.ts`.\n",
        facts: { projectFiles: { files: [], complete: true } },
      },
    ],
    invalid: [
      {
        path: ".github/copilot-instructions.md",
        code: "- `src/core/api/index.ts` — providers.\n- `src/shared/proto/` - types\n",
        facts: { projectFiles: { files: ["AGENTS.md"], complete: true } },
        errors: [
          { messageId: "missing", line: 1, column: 4 },
          { messageId: "missing", line: 2, column: 4 },
        ],
      },
      {
        name: "did you mean",
        path: "AGENTS.md",
        code: "Register it in `src/tools/init.ts`.\n",
        facts: { projectFiles: { files: ["apps/vscode/src/core/tools/init.ts"], complete: true } },
        errors: [{ messageId: "didYouMean", line: 1, column: 17 }],
      },
      {
        name: "once per file",
        path: "AGENTS.md",
        code: "`src/gone.ts`\n\nThen `src/gone.ts` again.\n",
        facts: { projectFiles: { files: [], complete: true } },
        errors: [{ messageId: "missing", line: 1, column: 2 }],
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
