// Valid/invalid tables for the skill/* rules. Test data.
import type { RuleCases } from "../rule-tester.js";

export const P = ".agents/skills/pdf-forms/SKILL.md";
/** The same skill where Claude Code scans. */
const CP = ".claude/skills/pdf-forms/SKILL.md";
const GOOD =
  "---\nname: pdf-forms\ndescription: Fills PDF forms from JSON data. Use when the user asks to fill or inspect a PDF form.\n---\n\n# PDF forms\n\nRun `scripts/fill.py`.\n";
export const sk = (fm: string, body = "\n# Body\n"): string => `---\n${fm}\n---\n${body}`;
export const desc = "description: Fills PDF forms. Use when the user asks to fill a PDF form.";

export const skillCases: { [ruleId: string]: RuleCases } = {
  "skill/frontmatter-present": {
    valid: [{ path: P, code: GOOD }],
    invalid: [
      { name: "no frontmatter", path: P, code: "# PDF forms\n", errors: [{ messageId: "missing" }] },
      { name: "never closed", path: P, code: "---\nname: pdf-forms\n\n# Body\n", errors: [{ messageId: "unclosed" }] },
    ],
  },
  "skill/frontmatter-parse": {
    valid: [{ path: P, code: GOOD }],
    invalid: [
      // What each harness that loads the path does, from the scans' facts (compute-lint-facts.ts fills them).
      {
        name: "bad YAML Codex lists after quoting, Gemini CLI line by line (.agents/skills)",
        path: P,
        code: sk("name: [unclosed\n" + desc),
        facts: {
          codexSkills: new Map([[P, { path: P, name: "[unclosed", description: "d", quotedRetry: true }]]),
          geminiSkills: new Map([[P, { name: "[unclosed", description: "d" }]]),
        },
        errors: [
          {
            messageId: "invalid",
            line: 3,
            column: 1,
            message:
              '— Codex reads it again with each value quoted and lists it as "[unclosed"; Gemini CLI reads name and description line by line and lists it as "[unclosed"',
          },
        ],
      },
      {
        name: "bad YAML both drop",
        path: P,
        code: sk("name: a\ndescription: |x\n"),
        facts: {
          codexSkills: new Map([[P, { path: P, error: "invalid YAML: bad" }]]),
          geminiSkills: new Map([[P, null]]),
        },
        errors: [
          {
            messageId: "invalid",
            line: 3,
            column: 15,
            message: "— Codex drops the skill (invalid YAML: bad); Gemini CLI drops the skill",
          },
        ],
      },
      {
        name: "bad YAML where Claude Code scans",
        path: CP,
        code: sk("name: [unclosed\n" + desc),
        errors: [
          {
            messageId: "invalid",
            line: 3,
            column: 1,
            message: "— Claude Code ignores the frontmatter and lists it under its folder name",
          },
        ],
      },
      {
        name: "bad YAML nobody measured loads",
        path: "skills/pdf-forms/SKILL.md",
        code: sk("name: [unclosed\n" + desc),
        errors: [{ messageId: "invalid", line: 3, column: 1, message: "is not measured" }],
      },
      {
        name: "duplicate key",
        path: P,
        code: sk(`name: a\nname: b\n${desc}`),
        errors: [{ messageId: "invalid", line: 3, column: 1 }],
      },
      {
        name: "alias bomb",
        path: P,
        code: sk(
          'a: &a ["x","x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]',
        ),
        errors: [{ messageId: "invalid", line: 2, column: 1 }],
      },
      { name: "not a mapping", path: P, code: sk("- a\n- b"), errors: [{ messageId: "invalid", line: 2, column: 1 }] },
    ],
  },
  "skill/name-required": {
    valid: [{ path: P, code: GOOD }],
    invalid: [
      { path: P, code: sk(desc), errors: [{ messageId: "missing" }], output: sk(`name: pdf-forms\n${desc}`) },
      { path: P, code: sk(`name: 42\n${desc}`), errors: [{ messageId: "notString", line: 2, column: 7 }] },
    ],
  },
  "skill/name-format": {
    valid: [
      { path: P, code: GOOD },
      { path: ".agents/skills/a1-b2/SKILL.md", code: sk(`name: a1-b2\n${desc}`) },
    ],
    invalid: [
      {
        name: "upper case",
        path: ".agents/skills/PdfForms/SKILL.md",
        code: sk(`name: PdfForms\n${desc}`),
        errors: [{ messageId: "format", line: 2, column: 7 }],
        output: sk(`name: pdf-forms\n${desc}`),
      },
      {
        name: "double hyphen",
        path: P,
        code: sk(`name: pdf--forms\n${desc}`),
        errors: [{ messageId: "format", line: 2, column: 7 }],
        output: sk(`name: pdf-forms\n${desc}`),
      },
      {
        name: "too long",
        path: P,
        code: sk(`name: ${"a".repeat(65)}\n${desc}`),
        errors: [{ messageId: "tooLong", line: 2, column: 7 }],
      },
    ],
  },
  "skill/name-matches-dir": {
    valid: [{ path: P, code: GOOD }],
    invalid: [
      { path: P, code: sk(`name: pdf-filler\n${desc}`), errors: [{ messageId: "mismatch", line: 2, column: 7 }] },
    ],
  },
  "skill/name-reserved": {
    valid: [
      { path: P, code: GOOD },
      {
        name: "target off",
        path: ".agents/skills/claude-tools/SKILL.md",
        code: sk(`name: claude-tools\n${desc}`),
        targets: ["codex"],
      },
    ],
    invalid: [
      {
        path: ".claude/skills/claude-tools/SKILL.md",
        code: sk(`name: claude-tools\n${desc}`),
        errors: [{ messageId: "reserved", line: 2, column: 7 }],
      },
    ],
  },
  "skill/name-vague": {
    valid: [{ path: P, code: GOOD }],
    invalid: [
      {
        path: ".agents/skills/utils/SKILL.md",
        code: sk(`name: helper-utils\n${desc}`),
        errors: [{ messageId: "vague", line: 2, column: 7 }],
      },
    ],
  },
  "skill/description-required": {
    valid: [{ path: P, code: GOOD }],
    invalid: [
      { path: P, code: sk("name: pdf-forms"), errors: [{ messageId: "missing" }] },
      {
        path: P,
        code: sk('name: pdf-forms\ndescription: "  "'),
        errors: [{ messageId: "empty", line: 3, column: 14 }],
      },
    ],
  },
  "skill/description-max": {
    valid: [
      { path: P, code: GOOD },
      { name: "exactly 1024", path: P, code: sk(`name: pdf-forms\ndescription: ${"é".repeat(1024)}`) },
    ],
    invalid: [
      {
        path: P,
        code: sk(`name: pdf-forms\ndescription: ${"x".repeat(1025)}`),
        errors: [{ messageId: "tooLong", line: 3, column: 14 }],
      },
    ],
  },
  "skill/description-no-xml": {
    valid: [
      { path: P, code: GOOD },
      { name: "comparison", path: P, code: sk("name: pdf-forms\ndescription: Use when size is 3 < 4 pages.") },
      {
        name: "a type parameter and placeholders glued to a word",
        path: P,
        code: sk(
          "name: pdf-forms\ndescription: Covers useLoaderData<T> and @ai-sdk/<provider> packages. Use when asked.",
        ),
      },
    ],
    invalid: [
      {
        path: P,
        code: sk("name: pdf-forms\ndescription: Fills <b>PDF</b> forms. Use when asked."),
        errors: [{ messageId: "tag", line: 3, column: 14 }],
        output: sk("name: pdf-forms\ndescription: Fills PDF forms. Use when asked."),
      },
    ],
  },
  "skill/description-when": {
    valid: [
      { path: P, code: GOOD },
      { path: P, code: sk("name: pdf-forms\ndescription: Fills PDF forms whenever a form needs data.") },
      { path: P, code: sk("name: pdf-forms\ndescription: Formats all code. Run before opening a PR.") },
      {
        name: "a 'when' clause after the action",
        path: P,
        code: sk("name: pdf-forms\ndescription: Run the verification stack when changes affect runtime code."),
      },
      {
        name: "during a named activity",
        path: P,
        code: sk("name: pdf-forms\ndescription: Use this skill during code reviews to find duplicated helpers."),
      },
      {
        name: "a list of situations",
        path: P,
        code: sk(
          "name: pdf-forms\ndescription: Writing a cast in TS code, modifying a file with a cast, or reviewing a cast site.",
        ),
      },
    ],
    invalid: [
      {
        path: P,
        code: sk("name: pdf-forms\ndescription: Fills PDF forms from JSON data."),
        errors: [{ messageId: "noTrigger", line: 3, column: 14 }],
      },
      {
        name: "a topic opened by one gerund is not a list of situations",
        path: P,
        code: sk("name: pdf-forms\ndescription: Integrating the router with the query cache, loaders and prefetching."),
        errors: [{ messageId: "noTrigger", line: 3, column: 14 }],
      },
      {
        name: "'when' as a question word with 'to'",
        path: P,
        code: sk("name: pdf-forms\ndescription: Explains when to cache and how to invalidate."),
        errors: [{ messageId: "noTrigger", line: 3, column: 14 }],
      },
    ],
  },
  "skill/description-person": {
    valid: [
      { path: P, code: GOOD },
      {
        name: "quoted trigger phrases",
        path: P,
        code: sk("name: pdf-forms\ndescription: 'Fills forms. Use when asked to \"fill my form\" or \"I''m stuck\".'"),
      },
    ],
    invalid: [
      {
        path: P,
        code: sk("name: pdf-forms\ndescription: I fill PDF forms. Use when asked."),
        errors: [{ messageId: "first", line: 3, column: 14 }],
      },
      {
        path: P,
        code: sk("name: pdf-forms\ndescription: Lets you fill your PDF forms. Use when asked."),
        errors: [{ messageId: "second", line: 3, column: 14 }],
      },
    ],
  },
  "skill/description-tokens": {
    valid: [{ path: P, code: GOOD }],
    invalid: [
      {
        path: P,
        code: sk(`name: pdf-forms\ndescription: ${"Fills forms quickly. ".repeat(30)}Use when asked.`),
        errors: [{ messageId: "over", line: 3, column: 14 }],
      },
      {
        name: "over the warning level",
        path: P,
        code: sk(`name: pdf-forms\ndescription: ${"Fills forms quickly. ".repeat(60)}Use when asked.`),
        errors: [{ messageId: "overWarn", line: 3, column: 14 }],
      },
    ],
  },
  "skill/compatibility-max": {
    valid: [{ path: P, code: sk(`name: pdf-forms\n${desc}\ncompatibility: Requires Python 3.11 and poppler.`) }],
    invalid: [
      {
        path: P,
        code: sk(`name: pdf-forms\n${desc}\ncompatibility: ${"x".repeat(501)}`),
        errors: [{ messageId: "tooLong", line: 4, column: 16 }],
      },
      {
        path: P,
        code: sk(`name: pdf-forms\n${desc}\ncompatibility: [python]`),
        errors: [{ messageId: "notString", line: 4, column: 16 }],
      },
    ],
  },
  "skill/metadata-shape": {
    valid: [
      { path: P, code: sk(`name: pdf-forms\n${desc}\nmetadata:\n  author: ada\n  version: "1.0"`) },
      {
        name: "internal: true (the skills CLI reads the boolean)",
        path: P,
        code: sk(`name: pdf-forms\n${desc}\nmetadata:\n  internal: true`),
      },
    ],
    invalid: [
      {
        path: P,
        code: sk(`name: pdf-forms\n${desc}\nmetadata:\n  version: 1.0`),
        errors: [{ messageId: "notString", line: 5, column: 3 }],
      },
      {
        path: P,
        code: sk(`name: pdf-forms\n${desc}\nmetadata: hello`),
        errors: [{ messageId: "notMap", line: 4, column: 11 }],
      },
    ],
  },
  "skill/unknown-field": {
    valid: [
      { path: P, code: sk(`name: pdf-forms\n${desc}\nlicense: MIT\nallowed-tools: Read`) },
      { name: "claude key", path: P, code: sk(`name: pdf-forms\n${desc}\nuser-invocable: true`) },
    ],
    invalid: [
      {
        name: "typo",
        path: P,
        code: sk(`name: pdf-forms\n${desc}\nlicence: MIT`),
        errors: [{ messageId: "typo", line: 4, column: 1 }],
        output: sk(`name: pdf-forms\n${desc}\nlicense: MIT`),
      },
      {
        name: "unknown",
        path: P,
        code: sk(`name: pdf-forms\n${desc}\ncolour: blue`),
        errors: [{ messageId: "unknown", line: 4, column: 1 }],
      },
      {
        name: "several unknown keys: one finding; TanStack Intent keys are known",
        path: P,
        code: sk(`name: pdf-forms\n${desc}\nlibrary: x\nrequires: [a]\nshade: dark\ntint: 3`),
        errors: [{ messageId: "unknown", line: 6, column: 1 }],
      },
      {
        name: "claude key without target",
        path: P,
        targets: ["codex"],
        code: sk(`name: pdf-forms\n${desc}\nuser-invocable: true`),
        errors: [{ messageId: "unknown", line: 4, column: 1 }],
      },
    ],
  },
  "skill/boolean-fields": {
    valid: [
      { path: CP, code: sk(`name: pdf-forms\n${desc}\nuser-invocable: false`) },
      {
        name: "a folder Claude Code never scans",
        path: P,
        code: sk(`name: pdf-forms\n${desc}\nuser-invocable: sometimes`),
      },
    ],
    invalid: [
      {
        path: CP,
        code: sk(`name: pdf-forms\n${desc}\ndisable-model-invocation: "true"`),
        errors: [{ messageId: "string", line: 4, column: 27 }],
        output: sk(`name: pdf-forms\n${desc}\ndisable-model-invocation: true`),
      },
      {
        path: CP,
        code: sk(`name: pdf-forms\n${desc}\nuser-invocable: sometimes`),
        errors: [{ messageId: "notBoolean", line: 4, column: 17 }],
      },
    ],
  },
  "skill/body-lines": {
    valid: [
      { path: P, code: GOOD },
      {
        name: "500 lines and trailing blanks",
        path: P,
        code: sk(`name: pdf-forms\n${desc}`, "line\n".repeat(500) + "\n\n"),
      },
      { name: "within the 20% margin", path: P, code: sk(`name: pdf-forms\n${desc}`, "line\n".repeat(600)) },
    ],
    invalid: [
      {
        path: P,
        code: sk(`name: pdf-forms\n${desc}`, "line\n".repeat(601)),
        errors: [{ messageId: "tooLong", line: 505, column: 1 }],
      },
    ],
  },
  "skill/body-tokens": {
    valid: [
      { path: P, code: GOOD },
      { name: "within the 20% margin", path: P, code: sk(`name: pdf-forms\n${desc}`, "word ".repeat(5900)) },
    ],
    invalid: [
      {
        path: P,
        code: sk(`name: pdf-forms\n${desc}`, "word ".repeat(6100)),
        errors: [{ messageId: "tooMany", line: 5, column: 1 }],
      },
    ],
  },
  "skill/broken-link": {
    valid: [
      {
        path: P,
        code: sk(
          `name: pdf-forms\n${desc}`,
          "See [forms](references/forms.md#top), [site](https://x.dev) and [top](#a).\n",
        ),
        files: { ".agents/skills/pdf-forms/references/forms.md": "# Forms\n" },
      },
      {
        name: "link in code",
        path: P,
        code: sk(`name: pdf-forms\n${desc}`, "```\n[x](missing.md)\n```\n`[y](missing.md)`\n"),
      },
      {
        name: "a template placeholder",
        path: P,
        code: sk(`name: pdf-forms\n${desc}`, "- **Issue:** [identifier and title](URL)\n"),
      },
      {
        name: "written from the project root",
        path: P,
        code: sk(`name: pdf-forms\n${desc}`, "Edit [schema](packages/db/schema.ts).\n"),
        files: { "packages/db/schema.ts": "" },
      },
      {
        name: "written for where the skill is installed (.claude/skills/<name>/, whose ../../../ is the root)",
        path: "skills-contrib/pdf-forms/SKILL.md",
        code: sk(`name: pdf-forms\n${desc}`, "Read [the guide](../../../CONTRIBUTING.md).\n"),
        files: { "CONTRIBUTING.md": "" },
      },
    ],
    invalid: [
      {
        path: P,
        code: sk(`name: pdf-forms\n${desc}`, "\nRead [the guide](guide.md).\n"),
        errors: [{ messageId: "broken", line: 6, column: 18 }],
      },
      {
        name: "climbs out of the project and is missing where the skill would be installed too",
        path: "skills-contrib/pdf-forms/SKILL.md",
        code: sk(`name: pdf-forms\n${desc}`, "\nRead [the guide](../../../CONTRIBUTING.md).\n"),
        errors: [{ messageId: "broken", line: 6, column: 18 }],
      },
      {
        name: "climbs out of the project from a skill already in its installed folder",
        path: P,
        code: sk(`name: pdf-forms\n${desc}`, "\nRead [the guide](../../../../CONTRIBUTING.md).\n"),
        files: { "CONTRIBUTING.md": "" },
        errors: [{ messageId: "broken", line: 6, column: 18 }],
      },
    ],
  },
  "skill/unclosed-fence": {
    valid: [
      { path: P, code: GOOD },
      { name: "longer closing fence", path: P, code: sk(`name: pdf-forms\n${desc}`, "````\ncode\n`````\n") },
    ],
    invalid: [
      {
        path: P,
        code: sk(`name: pdf-forms\n${desc}`, "\n```sh\nls\n"),
        errors: [{ messageId: "unclosed", line: 6, column: 1 }],
        output: sk(`name: pdf-forms\n${desc}`, "\n```sh\nls\n```\n"),
      },
    ],
  },
  "skill/time-sensitive": {
    valid: [{ path: P, code: sk(`name: pdf-forms\n${desc}`, "Released 2026-10-01.\n`2020-01-01` in code is fine.\n") }],
    invalid: [
      {
        path: P,
        code: sk(`name: pdf-forms\n${desc}`, "Since 2025-01-15 the API changed.\n"),
        errors: [{ messageId: "oldDate", line: 5, column: 7 }],
      },
      {
        path: P,
        code: sk(`name: pdf-forms\n${desc}`, "As of 2026 use v2.\n"),
        errors: [{ messageId: "phrase", line: 5, column: 1 }],
      },
    ],
  },
  "skill/extraneous-files": {
    valid: [{ path: P, code: GOOD, files: { ".agents/skills/pdf-forms/references/README.md": "" } }],
    invalid: [
      {
        path: P,
        code: GOOD,
        files: { ".agents/skills/pdf-forms/README.md": "", ".agents/skills/pdf-forms/AGENTS.md": "" },
        errors: [{ messageId: "agentsMd" }, { messageId: "extraneous" }],
      },
    ],
  },
  "skill/codex-listing": {
    valid: [
      {
        path: P,
        code: GOOD,
        facts: {
          codexSkills: new Map([
            [
              P,
              {
                path: P,
                name: "pdf-forms",
                description: "Fills PDF forms from JSON data. Use when the user asks to fill or inspect a PDF form.",
              },
            ],
          ]),
        },
      },
      { name: "no scan facts", path: P, code: GOOD },
      {
        name: "a wrapped sentence",
        path: P,
        code: sk("name: pdf-forms\ndescription: |\n  Fills PDF forms.\n  Use when asked."),
        facts: {
          codexSkills: new Map([[P, { path: P, name: "pdf-forms", description: "Fills PDF forms. Use when asked." }]]),
        },
      },
    ],
    invalid: [
      {
        path: P,
        code: GOOD,
        facts: { codexSkills: new Map([[P, { path: P, error: "missing field `description`" }]]) },
        errors: [{ messageId: "dropped" }],
      },
      {
        path: P,
        code: sk("name: pdf-forms\ndescription: |\n  Fills PDF forms. Use when:\n  - the user asks"),
        facts: {
          codexSkills: new Map([
            [P, { path: P, name: "pdf-forms", description: "Fills PDF forms. Use when: - the user asks" }],
          ]),
        },
        errors: [{ messageId: "collapsed", line: 3, column: 14 }],
      },
    ],
  },
};
