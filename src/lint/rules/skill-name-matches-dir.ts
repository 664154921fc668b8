// skill/name-matches-dir: the name equals the skill's directory name. Pure.
import { defineRule } from "../define-rule.js";
import { baseName, fmValuePlace, fmString, skillDir } from "../rule-utils.js";
import { SKILLS_REF, SKILLS_SPEC } from "../sources.js";

export const skillNameMatchesDir = defineRule({
  id: "skill/name-matches-dir",
  meta: {
    description: "a skill's `name` equals the name of the directory that holds its SKILL.md",
    rationale:
      "The spec says the name must match the parent directory; skills-ref rejects a mismatch, and users invoke a skill by a name they see in the file tree.",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC, SKILLS_REF],
    messages: { mismatch: "skill name '{{name}}' does not match its directory '{{dir}}'" },
  },
  check({ file, report }) {
    const name = fmString(file, "name");
    const dir = baseName(skillDir(file));
    if (!name || !dir || file.path === "SKILL.md") return;
    if (name.normalize("NFKC") !== dir.normalize("NFKC"))
      report({ messageId: "mismatch", data: { name, dir }, place: fmValuePlace(file, "name") });
  },
});
