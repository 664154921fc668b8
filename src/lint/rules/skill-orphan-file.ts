// skill/orphan-file: files in scripts/, references/ and assets/ are mentioned somewhere reachable from SKILL.md. Pure.
import { defineRule } from "../define-rule.js";
import { bodyText, skillDir } from "../rule-utils.js";
import { listSkillFiles, mentionsPath } from "../skill-files.js";
import { SKILL_VALIDATOR, SKILLS_SPEC } from "../sources.js";

const RESOURCE_DIRS = ["scripts/", "references/", "assets/"];
/** Only text files are searched for further mentions. */
const TEXT_FILE = /\.(md|txt|py|sh|js|mjs|ts|json|ya?ml|toml)$/;

export const skillOrphanFile = defineRule({
  id: "skill/orphan-file",
  meta: {
    description: "every file under scripts/, references/ and assets/ is mentioned by SKILL.md or by a file it mentions",
    rationale: "An agent only finds bundled files the skill tells it about (progressive disclosure); an unmentioned file is dead weight or a forgotten instruction.",
    defaultSeverity: "warn",
    appliesTo: ["skill"],
    basis: "community",
    sources: [SKILLS_SPEC, SKILL_VALIDATOR],
    messages: { orphan: "'{{file}}' is never mentioned by SKILL.md or the files it references" },
  },
  check({ file, project, report }) {
    const dir = skillDir(file);
    if (dir === "") return;
    const all = listSkillFiles(project.fs, dir);
    const resources = all.filter((p) => RESOURCE_DIRS.some((d) => p.startsWith(d)));
    if (resources.length === 0) return;
    const mentioned = (text: string, p: string): boolean => {
      const base = p.slice(p.lastIndexOf("/") + 1);
      if (mentionsPath(text, p) || mentionsPath(text, p.slice(p.indexOf("/") + 1)) || mentionsPath(text, base)) return true;
      // Scripts import each other by module name (`import helpers`, `require("./helpers")`).
      const stem = base.replace(/\.[^.]+$/, "");
      return p.startsWith("scripts/") && stem.length > 2 && new RegExp(`\\b${stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(text);
    };
    const reached = new Set<string>();
    // The harness also reads agents/openai.yaml (Codex: icons under assets/), so it counts as a starting point.
    const queue = [bodyText(file), project.fs.readText(`${dir}/agents/openai.yaml`) ?? ""];
    while (queue.length > 0) {
      const text = queue.shift() as string;
      for (const p of resources) {
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
