// Valid/invalid table for skill/orphan-file: bundled resources are mentioned from SKILL.md or a file it reaches. Test data.
import type { RuleCases } from "../rule-tester.js";
import { desc, P, sk } from "./skill.js";

export const skillOrphanFileCases: RuleCases = {
  valid: [
    {
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Run scripts/fill.py.\n"),
      files: {
        ".agents/skills/pdf-forms/scripts/fill.py": "import helpers",
        ".agents/skills/pdf-forms/scripts/helpers.py": "",
      },
    },
    {
      name: "a folder mention, a require, tests and package markers",
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Templates live in `assets/`. Run scripts/pack.cjs.\n"),
      files: {
        ".agents/skills/pdf-forms/assets/a.html": "",
        ".agents/skills/pdf-forms/scripts/pack.cjs": "const v = require('./validate.cjs');",
        ".agents/skills/pdf-forms/scripts/validate.cjs": "",
        ".agents/skills/pdf-forms/scripts/test_pack.py": "",
        ".agents/skills/pdf-forms/scripts/__init__.py": "",
      },
    },
    {
      name: "named by a guide beside SKILL.md",
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "See companion.md.\n"),
      files: {
        ".agents/skills/pdf-forms/companion.md": "Start scripts/start-server.sh",
        ".agents/skills/pdf-forms/scripts/start-server.sh": "",
      },
    },
    {
      name: "the project's own skill loader lists references/ for every skill",
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Fill the form.\n"),
      files: { ".agents/skills/pdf-forms/references/fields.md": "" },
      facts: { listedSkillFolders: [{ folder: "references", by: "src/skills/load-skill.ts" }] },
    },
  ],
  invalid: [
    {
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Run scripts/fill.py.\n"),
      files: { ".agents/skills/pdf-forms/scripts/fill.py": "", ".agents/skills/pdf-forms/assets/old.png": "" },
      errors: [{ messageId: "orphan" }],
    },
    {
      name: "a loader that lists references/ does not cover scripts/",
      path: P,
      code: sk(`name: pdf-forms\n${desc}`, "Fill the form.\n"),
      files: { ".agents/skills/pdf-forms/references/fields.md": "", ".agents/skills/pdf-forms/scripts/old.py": "" },
      facts: { listedSkillFolders: [{ folder: "references", by: "src/skills/load-skill.ts" }] },
      errors: [{ messageId: "orphan", message: "'scripts/old.py'" }],
    },
  ],
};
