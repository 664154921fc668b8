// The facts computeLintFacts collects for the path and skill rules: the repository's ignore files (the root's,
// the ancestors' and nested ones, re-based on the repository top) and the folders the project's own skill
// loader lists for every skill.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNodeHost } from "../../../src/host/node-host.js";
import { createLintFile } from "../../../src/lint/lint-file.js";
import { computeLintFacts } from "../../../src/lint/workspace/compute-lint-facts.js";

function write(root: string, files: { [path: string]: string }): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

const SKILL = ".agents/skills/forms/SKILL.md";
const SKILL_TEXT = "---\nname: forms\ndescription: Fills forms. Use when asked to fill a form.\n---\n\nFill it.\n";

describe("computeLintFacts", () => {
  let repo: string;
  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), "promptc-lint-facts-"));
    mkdirSync(join(repo, ".git"));
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  const factsOf = (root: string) => {
    const host = createNodeHost({ cwd: root, env: {} });
    return computeLintFacts(host, [createLintFile(SKILL, "skill", SKILL_TEXT)], { root });
  };

  it("collects the ignore files above the root and below it, re-based on the repository top", () => {
    write(repo, { ".gitignore": "junit/\n", "app/.gitignore": "/fetched/\n", "app/sub/.gitignore": "*.log\n" });
    write(repo, { [`app/${SKILL}`]: SKILL_TEXT });
    expect(factsOf(join(repo, "app")).gitignore).toEqual({
      rootInBase: "app",
      sources: [
        { dir: "app", text: "/fetched/\n" },
        { dir: "", text: "junit/\n" },
        { dir: "app/sub", text: "*.log\n" },
      ],
    });
  });

  it("finds the resource folders the project's skill loader lists for every skill", () => {
    write(repo, {
      [SKILL]: SKILL_TEXT,
      "src/skills/load-skill.ts":
        'const body = read(join(dir, "SKILL.md"));\nconst refs = await readdir(join(dir, "references"));\n',
      "src/skills/other.ts": 'export const name = "scripts";\n',
      "src/util/files.ts": 'readdir(join(dir, "assets")); // SKILL.md\n',
    });
    expect(factsOf(repo).listedSkillFolders).toEqual([{ folder: "references", by: "src/skills/load-skill.ts" }]);
  });

  it("finds none when no code names SKILL.md next to a listing", () => {
    write(repo, { [SKILL]: SKILL_TEXT, "src/skills/load.py": 'for p in (d / "references").iterdir(): pass\n' });
    expect(factsOf(repo).listedSkillFolders).toEqual([]);
  });

  it("finds the Handlebars helpers and partials the project's code registers, when templates are linted", () => {
    write(repo, {
      "gen/index.ts":
        'Handlebars.registerHelper("pascalCase", f);\nhb.registerHelper({ kebab: g, "snake": h });\nregisterPartial(\'license\', t);\n',
    });
    const host = createNodeHost({ cwd: repo, env: {} });
    const template = createLintFile("gen/templates/a.hbs", "template", "{{pascalCase x}}\n");
    expect(computeLintFacts(host, [template], { root: repo }).handlebarsRegistrations).toEqual({
      helpers: ["kebab", "pascalCase", "snake"],
      partials: ["license"],
    });
    expect(factsOf(repo).handlebarsRegistrations).toBeUndefined();
  });
});
