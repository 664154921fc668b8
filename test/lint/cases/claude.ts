// Valid/invalid tables for the Claude Code skill rules (skill/cc-*, sec/unscoped-bash). Test data.
import type { RuleCases } from "../rule-tester.js";

const P = ".claude/skills/release-notes/SKILL.md";
const sk = (fm: string): string => `---\n${fm}\n---\n\n# Body\n`;
const desc = "description: Drafts release notes from merged pull requests. Use when the user asks for a changelog.";

export const claudeCases: { [ruleId: string]: RuleCases } = {
  "skill/cc-unreachable": {
    valid: [
      { path: P, code: sk(`name: release-notes\n${desc}\nuser-invocable: false`) },
      { path: P, code: sk(`name: release-notes\n${desc}\ndisable-model-invocation: true`) },
    ],
    invalid: [
      {
        path: P,
        code: sk(`name: release-notes\n${desc}\nuser-invocable: false\ndisable-model-invocation: true`),
        errors: [{ messageId: "unreachable", line: 4, column: 1 }],
      },
    ],
  },
  "skill/cc-side-effects": {
    valid: [
      {
        name: "no side effects",
        path: ".claude/skills/pdf-forms/SKILL.md",
        code: sk("name: pdf-forms\ndescription: Fills PDF forms. Use when the user asks to fill a PDF form."),
      },
      {
        name: "model invocation disabled",
        path: ".claude/skills/deploy-app/SKILL.md",
        code: sk("name: deploy-app\ndescription: Ships the app. Use when asked.\ndisable-model-invocation: true"),
      },
      {
        name: "word inside another word",
        path: ".claude/skills/dropdown-ui/SKILL.md",
        code: sk("name: dropdown-ui\ndescription: Builds dropdowns. Use when asked for a dropdown."),
      },
      {
        name: "negated in a later sentence, release as a noun",
        path: ".claude/skills/notes/SKILL.md",
        code: sk("name: notes\ndescription: Drafts release notes. Do not use for deploying code."),
      },
      {
        name: "migrating code, a read-only release skill, publishing as context",
        path: ".claude/skills/final-release-review/SKILL.md",
        code: sk("name: final-release-review\ndescription: Reviews the diff since the last tag before publishing."),
      },
      {
        name: "code migration",
        path: ".claude/skills/migrate-v6-to-v7/SKILL.md",
        code: sk("name: migrate-v6-to-v7\ndescription: Migrates code from v6 to v7. Use when upgrading."),
      },
      {
        name: "a skill shipped for other projects",
        path: "packages/server/skills/adapter/SKILL.md",
        code: sk("name: adapter\ndescription: Deploy tRPC on edge runtimes. Use when asked."),
      },
      {
        name: "release as a noun in the name",
        path: ".claude/skills/chrome-release-cls/SKILL.md",
        code: sk("name: chrome-release-cls\ndescription: Finds the CLs of a Chrome release post."),
      },
      {
        name: "a folder Claude Code never scans",
        path: ".agents/skills/deploy-app/SKILL.md",
        code: sk("name: deploy-app\ndescription: Ships the app. Use when asked."),
      },
    ],
    invalid: [
      {
        name: "in the name",
        path: ".claude/skills/deploy-app/SKILL.md",
        code: sk("name: deploy-app\ndescription: Ships the app. Use when asked."),
        errors: [{ messageId: "sideEffects", line: 2, column: 7 }],
        output: sk("disable-model-invocation: true\nname: deploy-app\ndescription: Ships the app. Use when asked."),
      },
      {
        name: "in the description, set to false",
        path: ".claude/skills/db-reset/SKILL.md",
        code: sk(
          "name: db-reset\ndescription: Drops and recreates the dev database. Use when asked.\ndisable-model-invocation: false",
        ),
        errors: [{ messageId: "sideEffects", line: 3, column: 14 }],
        output: sk(
          "name: db-reset\ndescription: Drops and recreates the dev database. Use when asked.\ndisable-model-invocation: true",
        ),
      },
      {
        name: "release in the name",
        path: ".claude/skills/cut-release/SKILL.md",
        code: sk("name: cut-release\ndescription: Tags and ships a version. Use when asked."),
        errors: [{ messageId: "sideEffects", line: 2, column: 7 }],
      },
    ],
  },
  "sec/unscoped-bash": {
    valid: [
      { path: P, code: sk(`name: release-notes\n${desc}\nallowed-tools: Read, Bash(git log:*), Grep`) },
      { path: P, code: sk(`name: release-notes\n${desc}\nallowed-tools:\n  - Read\n  - Bash(gh pr list:*)`) },
      { name: "no allowed-tools", path: P, code: sk(`name: release-notes\n${desc}`) },
    ],
    invalid: [
      {
        path: P,
        code: sk(`name: release-notes\n${desc}\nallowed-tools: Read Bash Grep`),
        errors: [{ messageId: "unscoped", line: 4, column: 16 }],
      },
      {
        name: "YAML list",
        path: P,
        code: sk(`name: release-notes\n${desc}\nallowed-tools:\n  - Bash\n  - Read`),
        errors: [{ messageId: "unscoped", line: 5, column: 3 }],
      },
    ],
  },
};
