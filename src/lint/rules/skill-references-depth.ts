// skill/references-depth: bundled Markdown files are linked directly from SKILL.md, not only through other files. Pure.
import { defineRule } from "../define-rule.js";
import { bodyText, skillDir } from "../rule-utils.js";
import { coversPath, listSkillFiles, namesOwnPath, relativePath, withoutHtmlComments } from "../skill-files.js";
import { SKILLS_BEST_PRACTICES, SKILLS_SPEC } from "../sources.js";

export const skillReferencesDepth = defineRule({
  id: "skill/references-depth",
  meta: {
    description:
      "reference files are one level deep: every bundled .md file that is referenced is referenced from SKILL.md itself",
    rationale:
      "The spec and Anthropic advise keeping references one level deep; agents may only preview files found through another reference (e.g. with `head`), missing their content.",
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
    const docs = listSkillFiles(project.fs, dir).filter(
      (p) => p.endsWith(".md") && !p.endsWith("SKILL.md") && !p.startsWith("evals/"),
    );
    const body = withoutHtmlComments(bodyText(file));
    // SKILL.md reaches a file by its path, or by naming its folder or a pattern over it (`references/<lang>/`).
    const direct = new Set(docs.filter((p) => namesOwnPath(body, p) || coversPath(body, p)));
    for (const doc of docs) {
      if (direct.has(doc)) continue;
      // The parent is a file that names this one by a path that resolves to it (from its own folder or the skill's).
      const via = [...direct].find((d) => {
        const text = project.fs.readText(`${dir}/${d}`) ?? "";
        const fromParent = relativePath(d.includes("/") ? d.slice(0, d.lastIndexOf("/")) : "", doc);
        // A file's own name, not the tail of another package's path (`packages/x/README.md` in a changelog).
        return namesOwnPath(text, fromParent) || namesOwnPath(text, doc);
      });
      if (via) report({ messageId: "nested", data: { file: doc, via } });
    }
  },
});
