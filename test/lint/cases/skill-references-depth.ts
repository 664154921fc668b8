// Valid/invalid table for skill/references-depth: bundled Markdown files are named from SKILL.md, not only through another file. Test data.
import type { RuleCases } from "../rule-tester.js";
import { desc, P, sk } from "./skill.js";

export const skillReferencesDepthCases: RuleCases = {
  valid: [
    {
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Read references/a.md and references/b.md.\n"),
      files: {
        ".agents/skills/pdf-forms/references/a.md": "See b.md",
        ".agents/skills/pdf-forms/references/b.md": "B",
      },
    },
    {
      name: "eval fixtures are not references",
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Read references/a.md.\n"),
      files: {
        ".agents/skills/pdf-forms/references/a.md": "Use evals/fixtures/x/SKILL.md and evals/notes.md",
        ".agents/skills/pdf-forms/evals/fixtures/x/SKILL.md": "",
        ".agents/skills/pdf-forms/evals/notes.md": "",
      },
    },
    {
      name: "a pattern over the folders (`references/<api>/`) and a folder mention",
      path: P,
      code: sk(
        `name: pdf-forms\n${desc}`,
        "Each API in `./references/<api>/` has REFERENCE.md, api.md and gotchas.md; see `references/extra/` too.\n",
      ),
      files: {
        ".agents/skills/pdf-forms/references/agent/REFERENCE.md": "Read api.md and gotchas.md",
        ".agents/skills/pdf-forms/references/agent/api.md": "",
        ".agents/skills/pdf-forms/references/agent/gotchas.md": "",
        ".agents/skills/pdf-forms/references/extra/x.md": "",
      },
    },
    {
      name: "another package's README.md in a changelog note, a README.md inside an HTML comment",
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Read CHANGELOG.md.\n<!-- README.md is generated -->\n"),
      files: {
        ".agents/skills/pdf-forms/CHANGELOG.md": "- Moved the guide to `packages/forms-core/README.md`.\n",
        ".agents/skills/pdf-forms/README.md": "",
      },
    },
  ],
  invalid: [
    {
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Read references/a.md.\n"),
      files: {
        ".agents/skills/pdf-forms/references/a.md": "Then read b.md",
        ".agents/skills/pdf-forms/references/b.md": "B",
      },
      errors: [{ messageId: "nested" }],
    },
    {
      name: "a base name that resolves elsewhere is not a link to it (b/api.md is not reported)",
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Read references/a/REFERENCE.md.\n"),
      files: {
        ".agents/skills/pdf-forms/references/a/REFERENCE.md": "Read api.md",
        ".agents/skills/pdf-forms/references/a/api.md": "",
        ".agents/skills/pdf-forms/references/b/api.md": "",
      },
      errors: [{ messageId: "nested" }],
    },
    {
      name: "names its real parent",
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Read references/a/REFERENCE.md and references/b/REFERENCE.md.\n"),
      files: {
        ".agents/skills/pdf-forms/references/a/REFERENCE.md": "Read api.md",
        ".agents/skills/pdf-forms/references/b/REFERENCE.md": "Read ../a/deep.md",
        ".agents/skills/pdf-forms/references/a/api.md": "",
        ".agents/skills/pdf-forms/references/a/deep.md": "",
      },
      errors: [{ messageId: "nested" }, { messageId: "nested" }],
    },
    {
      name: "the skill's own README.md named by a changelog note",
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Read CHANGELOG.md.\n<!-- see README.md -->\n"),
      files: {
        ".agents/skills/pdf-forms/CHANGELOG.md": "- Setup moved to ./README.md.\n",
        ".agents/skills/pdf-forms/README.md": "",
      },
      errors: [{ messageId: "nested", message: "'README.md' is reachable only through 'CHANGELOG.md'" }],
    },
  ],
};
