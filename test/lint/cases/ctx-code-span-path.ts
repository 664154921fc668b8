// Valid/invalid table for ctx/code-span-path: paths in code spans exist, or the checkout lacks them by design
// (ignored, a submodule's), or they are another project's, or they illustrate. Test data.
import type { RuleCases } from "../rule-tester.js";

export const ctxCodeSpanPathCases: RuleCases = {
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
    {
      name: "a path the repository's .gitignore lists (test output, a suite fetched on first run)",
      path: "AGENTS.md",
      code: "JUnit reports land in `junit/results.xml`.\nThe conformance suite lives in `tests/external/suite/`.\n",
      files: { ".gitignore": "junit/\n/tests/external/\n" },
      facts: { projectFiles: { files: [".gitignore", "AGENTS.md"], complete: true } },
    },
    {
      name: "fixture names of a fetched suite, on the line naming its ignored folder",
      path: "AGENTS.md",
      code: "Run one case of `tests/external/suite/` with `es2015/arrow.js`.\n",
      files: { ".gitignore": "/tests/external/\n" },
      facts: { projectFiles: { files: [".gitignore", "AGENTS.md"], complete: true } },
    },
    {
      name: "inside a submodule",
      path: "AGENTS.md",
      code: "Rollup's fixtures are in `rollup/test/form/samples/basic.js`.\n",
      files: { ".gitmodules": '[submodule "rollup"]\n\tpath = rollup\n\turl = https://example.com/rollup.git\n' },
      facts: { projectFiles: { files: [".gitmodules", "AGENTS.md"], complete: true } },
    },
    {
      name: "a path of another project",
      path: "AGENTS.md",
      code: "`src/front-matter.ts` is a port of Prettier's `front-matter/parse.js`.\nIt follows upstream `lib/rules/indent.js`; see the ESLint repository at `lib/linter.js`.\n",
      files: { "src/front-matter.ts": "" },
      facts: { projectFiles: { files: ["AGENTS.md", "src/front-matter.ts"], complete: true } },
    },
    {
      name: "examples after e.g. and i.e.",
      path: "AGENTS.md",
      code: "Keep helpers small, e.g. `src/util/gone.ts`.\nOne file per job (i.e. `src/jobs/gone.ts`).\n",
      facts: { projectFiles: { files: ["AGENTS.md"], complete: true } },
    },
    {
      name: "a bare two-segment name whose first part is no folder of the project",
      path: "AGENTS.md",
      code: "Import `react-dom/client` and `owner/repo`.\n",
      files: { "src/a.ts": "" },
      facts: { projectFiles: { files: ["AGENTS.md", "src/a.ts"], complete: true } },
    },
    {
      name: "a bare folder path that exists",
      path: "AGENTS.md",
      code: "`packages/rolldown`: the main package.\n",
      files: { "packages/rolldown/package.json": "{}" },
      facts: { projectFiles: { files: ["AGENTS.md", "packages/rolldown/package.json"], complete: true } },
    },
    {
      name: "the fixtures of a suite the repository clones on first run, under a heading naming it",
      path: "AGENTS.md",
      code: "### Prettier conformance\n\n- CSS: `css/parens/parens.css`, `scss/map/fn.scss`\n",
      files: { ".gitignore": "crates/fmt_tests/prettier/\n", "crates/fmt_tests/Cargo.toml": "" },
      facts: { projectFiles: { files: [".gitignore", "AGENTS.md", "crates/fmt_tests/Cargo.toml"], complete: true } },
    },
    {
      name: "a Prettier `x` port",
      path: "AGENTS.md",
      code: "Detection (`parse_front_matter`, a Prettier `front-matter/parse.js` port) lives in core.\n",
      facts: { projectFiles: { files: ["AGENTS.md"], complete: true } },
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
    {
      name: "a bare folder path gone since the tests moved",
      path: "AGENTS.md",
      code: "- `packages/rolldown`: the main package.\n- `packages/rolldown-tests`: its tests.\n",
      files: { "packages/rolldown/package.json": "{}" },
      facts: { projectFiles: { files: ["AGENTS.md", "packages/rolldown/package.json"], complete: true } },
      errors: [{ messageId: "missing", line: 2, column: 4 }],
    },
    {
      name: "did you mean needs the whole path close, not the last folder's name",
      path: "AGENTS.md",
      code: "Types live in `src/shared/proto/`.\n",
      facts: { projectFiles: { files: ["apps/vscode/proto/cline/ui.proto"], complete: true } },
      errors: [{ messageId: "missing", line: 1, column: 16, message: "'src/shared/proto/' does not exist" }],
    },
    {
      name: "words inside paths are not prose (`new`, `templates`)",
      path: "AGENTS.md",
      code: "Handlers: `src/new/gone.ts` and `src/templates/`.\n",
      facts: { projectFiles: { files: ["AGENTS.md"], complete: true } },
      errors: [
        { messageId: "missing", line: 1, column: 12 },
        { messageId: "missing", line: 1, column: 34 },
      ],
    },
    {
      name: "a path before an e.g. is still a claim",
      path: "AGENTS.md",
      code: "Use the types in `proto/common.proto` (e.g., `StringRequest`).\n",
      facts: { projectFiles: { files: ["apps/vscode/proto/cline/common.proto"], complete: true } },
      errors: [
        {
          messageId: "didYouMean",
          line: 1,
          column: 19,
          message: "did you mean 'apps/vscode/proto/cline/common.proto'",
        },
      ],
    },
    {
      name: "this project's own name before a path",
      path: "AGENTS.md",
      code: "Biome's `crates/biome_gone/` holds the parser.\n",
      files: { "package.json": '{"name":"@biomejs/biome"}', "crates/biome_js/Cargo.toml": "" },
      facts: { projectFiles: { files: ["AGENTS.md", "package.json", "crates/biome_js/Cargo.toml"], complete: true } },
      errors: [{ messageId: "missing", line: 1, column: 10 }],
    },
    {
      name: "an ignored file is not excused when the ignore file does not list it",
      path: "AGENTS.md",
      code: "See `junit/gone.xml` and `src/gone.ts`.\n",
      files: { ".gitignore": "coverage/\n" },
      facts: { projectFiles: { files: [".gitignore", "AGENTS.md"], complete: true } },
      errors: [
        { messageId: "missing", line: 1, column: 6 },
        { messageId: "missing", line: 1, column: 27 },
      ],
    },
    {
      name: "a fetched suite's name inside a path is no heading about it; a path with a close match is still stale",
      path: "AGENTS.md",
      code: "### Prettier conformance\n\nTypes: `proto/common.proto`.\n\n## Layout\n\nSee `crates/prettier/gone.rs`.\n",
      files: { ".gitignore": "crates/fmt_tests/prettier/\n", "crates/fmt_tests/Cargo.toml": "" },
      facts: {
        projectFiles: {
          files: [".gitignore", "AGENTS.md", "crates/fmt_tests/Cargo.toml", "apps/x/proto/cline/common.proto"],
          complete: true,
        },
      },
      errors: [
        { messageId: "didYouMean", line: 3, column: 9 },
        { messageId: "missing", line: 7, column: 6 },
      ],
    },
  ],
};
