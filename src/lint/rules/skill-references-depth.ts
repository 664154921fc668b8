// skill/references-depth: bundled Markdown files are linked directly from SKILL.md, not only through other files. Pure.
import { defineRule } from "../define-rule.js";
import { bodyText, skillDir } from "../rule-utils.js";
import { listSkillFiles, mentionsPath } from "../skill-files.js";
import { SKILLS_BEST_PRACTICES, SKILLS_SPEC } from "../sources.js";

export const skillReferencesDepth = defineRule({
  id: "skill/references-depth",
  meta: {
    description: "reference files are one level deep: every bundled .md file that is referenced is referenced from SKILL.md itself",
    rationale: "The spec and Anthropic advise keeping references one level deep; agents may only preview files found through another reference (e.g. with `head`), missing their content.",
    defaultSeverity: "warn",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC, SKILLS_BEST_PRACTICES],
    messages: { nested: "'{{file}}' is reachable only through '{{via}}'; link it from SKILL.md" },
  },
  check({ file, project, report }) {
    const dir = skillDir(file);
    if (dir === "") return;
    // Nested SKILL.md files are other skills and evals/ holds test inputs: neither is a reference.
    const docs = listSkillFiles(project.fs, dir).filter((p) => p.endsWith(".md") && !p.endsWith("SKILL.md") && !p.startsWith("evals/"));
    const body = bodyText(file);
    const direct = new Set(docs.filter((p) => mentionsPath(body, p)));
    for (const doc of docs) {
      if (direct.has(doc)) continue;
      const base = doc.slice(doc.lastIndexOf("/") + 1);
      const via = [...direct].find((d) => {
        const text = project.fs.readText(`${dir}/${d}`) ?? "";
        return mentionsPath(text, doc) || mentionsPath(text, base);
      });
      if (via) report({ messageId: "nested", data: { file: doc, via } });
    }
  },
});
