// Valid/invalid table for ctx/package-manager-consistency: install commands use the project's package manager. Test data.
import type { RuleCases } from "../rule-tester.js";

export const ctxPackageManagerConsistencyCases: RuleCases = {
  valid: [
    {
      name: "same manager",
      path: "AGENTS.md",
      code: "Run `pnpm install` then `pnpm run test`.\n",
      files: { "package.json": "{}", "pnpm-lock.yaml": "" },
    },
    {
      name: "global tool and alternatives",
      path: "AGENTS.md",
      code: "npm install -g vercel\nUse pnpm install (or npm install if you must).\n",
      files: { "package.json": "{}", "pnpm-lock.yaml": "" },
    },
    {
      name: "no lockfile: unknown manager",
      path: "AGENTS.md",
      code: "`npm install`\n",
      files: { "package.json": "{}" },
    },
    {
      name: "running a script with another manager runs the same script",
      path: "AGENTS.md",
      code: "```bash\nnpm run lint\n```\n",
      files: { "package.json": '{"packageManager":"yarn@4.1.0"}' },
    },
    {
      name: "prose, a named package for the reader's project, a WRONG example",
      path: "AGENTS.md",
      code: "The npm test suite runs in CI. Install with `npm install @acme/sdk`.\n\n❌ WRONG:\n```sh\nnpm run build\n```\nOn the legacy branch use `npm run build`.\n",
      files: { "package.json": "{}", "pnpm-lock.yaml": "" },
    },
    {
      name: "a negated mention",
      path: "AGENTS.md",
      code: "The CLI ships bundled: no `npm install` needed.\nYou can skip it, without `yarn add` either.\n",
      files: { "package.json": "{}", "pnpm-lock.yaml": "" },
    },
  ],
  invalid: [
    {
      name: "lockfile",
      path: "AGENTS.md",
      code: "# Setup\n\n```sh\nnpm install\nnpm run build\n```\n",
      files: { "package.json": "{}", "pnpm-lock.yaml": "" },
      errors: [{ messageId: "other", line: 4, column: 1 }],
    },
    {
      name: "once per file",
      path: "AGENTS.md",
      code: "`npm install`\n\n`npm ci`\n",
      files: { "package.json": "{}", "yarn.lock": "" },
      errors: [{ messageId: "other", line: 1, column: 2 }],
    },
    {
      name: "packageManager field, nested package",
      path: "apps/web/CLAUDE.md",
      code: "Then `yarn install`.\n",
      files: { "apps/web/package.json": '{"packageManager":"bun@1.2.0"}', "yarn.lock": "" },
      errors: [{ messageId: "other", line: 1, column: 7 }],
    },
    {
      name: "a 'no' on an earlier line does not negate this one",
      path: "AGENTS.md",
      code: "No network access in CI.\n\nSet up with `npm install`.\n",
      files: { "package.json": "{}", "pnpm-lock.yaml": "" },
      errors: [{ messageId: "other", line: 3, column: 14 }],
    },
  ],
};
