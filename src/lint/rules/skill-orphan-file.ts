// skill/orphan-file: files in scripts/, references/ and assets/ are mentioned somewhere reachable from SKILL.md. Pure.
import { defineRule } from "../define-rule.js";
import { bodyText, skillDir } from "../rule-utils.js";
import { coversPath, listSkillFiles, mentionsPath } from "../skill-files.js";
import { SKILL_VALIDATOR, SKILLS_SPEC } from "../sources.js";

const RESOURCE_DIRS = ["scripts/", "references/", "assets/"];
/** Only text files are searched for further mentions. */
const TEXT_FILE = /\.(md|mdx|txt|py|sh|bash|ps1|js|mjs|cjs|ts|mts|cts|tsx|jsx|rb|go|json|ya?ml|toml|html)$/;
/** Package markers, caches and the scripts' own tests: part of the scripts, never mentioned on their own. */
const NOT_A_RESOURCE =
  /(^|\/)(__init__\.py|__pycache__\/.*|[^/]*\.pyc|conftest\.py|test_[^/]+|[^/]+_test\.[a-z]+|[^/]+\.(test|spec)\.[a-z]+|tests?\/.*|__tests__\/.*|package(-lock)?\.json|requirements[^/]*\.txt)$/;

export const skillOrphanFile = defineRule({
  id: "skill/orphan-file",
  meta: {
    description: "every file under scripts/, references/ and assets/ is mentioned by SKILL.md or by a file it mentions",
    rationale:
      "An agent only finds bundled files the skill tells it about (progressive disclosure); an unmentioned file is dead weight or a forgotten instruction. " +
      "A folder the project's own skill loader lists for every skill (code naming SKILL.md that reads `references/`) is handed to the agent whole, so its files are not checked.",
    defaultSeverity: "warn",
    appliesTo: ["skill"],
    basis: "community",
    sources: [SKILLS_SPEC, SKILL_VALIDATOR],
    messages: { orphan: "'{{file}}' is never mentioned by SKILL.md or the files it references" },
  },
  check({ file, project, report }) {
    const dir = skillDir(file);
    if (dir === "") return;
    const all = listSkillFiles(project.fs, dir).filter((p) => p !== "SKILL.md");
    // The project's own skill loader lists these folders for every skill: the agent is handed their files.
    const listed = (project.facts.listedSkillFolders ?? []).map((l) => `${l.folder}/`);
    const resources = all.filter(
      (p) => RESOURCE_DIRS.some((d) => p.startsWith(d) && !listed.includes(d)) && !NOT_A_RESOURCE.test(p),
    );
    if (resources.length === 0) return;
    const mentioned = (text: string, p: string): boolean => {
      const base = p.slice(p.lastIndexOf("/") + 1);
      if (
        mentionsPath(text, p) ||
        mentionsPath(text, p.slice(p.indexOf("/") + 1)) ||
        mentionsPath(text, base) ||
        coversPath(text, p)
      )
        return true;
      // Scripts import each other by module name (`import helpers`, `require("./helpers")`).
      const stem = base.replace(/\.[^.]+$/, "");
      return (
        p.startsWith("scripts/") &&
        stem.length > 2 &&
        new RegExp(`\\b${stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(text)
      );
    };
    const reached = new Set<string>();
    // The harness also reads agents/openai.yaml (Codex: icons under assets/), so it counts as a starting point.
    const queue = [bodyText(file), project.fs.readText(`${dir}/agents/openai.yaml`) ?? ""];
    while (queue.length > 0) {
      const text = queue.shift() as string;
      // Any file of the skill can lead further (a guide beside SKILL.md that names scripts/start.sh).
      for (const p of all) {
        if (reached.has(p) || !mentioned(text, p)) continue;
        reached.add(p);
        if (TEXT_FILE.test(p)) queue.push(project.fs.readText(`${dir}/${p}`) ?? "");
      }
    }
    for (const p of resources) {
      if (reached.has(p)) continue;
      report({ messageId: "orphan", data: { file: p } });
    }
  },
});
