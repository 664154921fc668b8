// Valid/invalid table for ctx/commands-exist: scripts, make targets and Python extras that instructions run exist. Test data.
import type { RuleCases } from "../rule-tester.js";

export const ctxCommandsExistCases: RuleCases = {
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
        "package.json": '{"devDependencies":{"tsx":"4","@changesets/cli":"2","drizzle-kit":"1","@tauri-apps/cli":"2"}}',
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
    {
      name: "pnpm's and npm's built-in aliases run the test script",
      path: "AGENTS.md",
      code: "```sh\npnpm t\npnpm tst -- --watch\nnpm t\npnpm upgrade\n```\n",
      files: { "package.json": '{"scripts":{"test":"vitest"}}', "pnpm-lock.yaml": "" },
    },
    {
      name: "commands after a scaffold step run in the generated project",
      path: "AGENTS.md",
      code: "```sh\nnpx @acme/start my-app\ncd my-app\npnpm claim\npnpm run deploy\n```\n\n```sh\nnpm create vite@latest web\nnpm run dev\n```\n",
      files: { "package.json": '{"scripts":{"test":"vitest"}}' },
    },
    {
      name: "a lowercase makefile and a GNUmakefile are read",
      path: "AGENTS.md",
      code: "`make lint` then `make -C tools gen`.\n",
      files: { makefile: ".PHONY: lint\nlint:\n", "tools/GNUmakefile": "gen:\n" },
    },
    {
      name: "pip extras the project declares (PEP 685 names), or cannot be known",
      path: "AGENTS.md",
      code: "```sh\npip install -e '.[test,Dev_Tools]'\nuv pip install -e \"./plugins/x[docs]\"\npip install -e libs/dyn[anything]\n```\n",
      files: {
        "pyproject.toml":
          '[project]\nname = "app"\n[project.optional-dependencies]\ntest = ["pytest"]\ndev-tools = ["ruff"]\n',
        "plugins/x/setup.py": "",
        "libs/dyn/pyproject.toml": '[project]\nname = "dyn"\ndynamic = ["optional-dependencies"]\n',
      },
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
    {
      name: "pnpm t with no test script",
      path: "AGENTS.md",
      code: "Run `pnpm t`.\n",
      files: { "package.json": '{"scripts":{"build":"tsc"}}' },
      errors: [{ messageId: "script", line: 1, column: 6, message: "no script 'test'" }],
    },
    {
      name: "a command before the scaffold step is still this project's",
      path: "AGENTS.md",
      code: "```sh\npnpm run gone\nnpx create-acme-app my-app\n```\n",
      files: { "package.json": '{"scripts":{}}' },
      errors: [{ messageId: "script", line: 2, column: 1 }],
    },
    {
      name: "a target a lowercase makefile lacks",
      path: "AGENTS.md",
      code: "`make gone`\n",
      files: { makefile: "lint:\n" },
      errors: [{ messageId: "target", line: 1, column: 2, message: "makefile has no target 'gone'" }],
    },
    {
      name: "pip install -e '.[test]' with no test extra in pyproject.toml",
      path: "AGENTS.md",
      code: "```sh\npip install -e '.[test]'\n```\n",
      files: { "pyproject.toml": '[project]\nname = "app"\n[project.optional-dependencies]\ndev = ["pytest"]\n' },
      errors: [{ messageId: "extra", line: 2, column: 1, message: "pyproject.toml declares no extra 'test'" }],
    },
    {
      name: "an extra setup.cfg does not declare",
      path: "AGENTS.md",
      code: "`pip install -e .[docs]`\n",
      files: { "setup.cfg": "[metadata]\nname = app\n\n[options.extras_require]\ntest = pytest\n" },
      errors: [{ messageId: "extra", line: 1, column: 2 }],
    },
  ],
};
