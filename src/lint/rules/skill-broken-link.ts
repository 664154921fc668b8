// skill/broken-link: relative Markdown links in a skill resolve to files that exist. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf } from "../lint-file.js";
import type { LintFs } from "../lint-project.js";
import { brokenLinks, localLinkPath } from "../skill-files.js";
import { AGNIX_RULES, SKILL_VALIDATOR } from "../sources.js";

export const skillBrokenLink = defineRule({
  id: "skill/broken-link",
  meta: {
    description: "relative links in SKILL.md point to files that exist",
    rationale:
      "An agent following a skill reads the files it links to; a broken link sends it searching or guessing. skill-validator treats this as an error.",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    basis: "community",
    sources: [SKILL_VALIDATOR, AGNIX_RULES],
    messages: { broken: "link target '{{target}}' does not exist" },
  },
  check({ file, project, report }) {
    for (const b of brokenLinks(file, project))
      if (!resolvesWhereInstalled(project.fs, dirOf(file.path), b.target))
        report({ messageId: "broken", data: { target: b.target }, place: b.place });
  },
});

/** Project skill folders a skill installer (`skills add`, a symlink) puts a skill in: `<dir>/<skill name>/`. */
const INSTALLED_SKILL_DIRS = [".claude/skills", ".agents/skills"];

/**
 * A link that climbs out of the project from the skill's own folder cannot be meant for it there: it is written
 * for the place the skill is installed to (`skills-src/x/` linked into `.claude/skills/x/`, whose `../../../` is
 * the project root). Such a link counts when it resolves from there.
 */
function resolvesWhereInstalled(fs: LintFs, skillDir: string, target: string): boolean {
  const here = localLinkPath(skillDir, target);
  if (here === undefined || !here.startsWith("../")) return false;
  const name = skillDir.split("/").pop() ?? "";
  return INSTALLED_SKILL_DIRS.some((d) => {
    const there = localLinkPath(`${d}/${name}`, target);
    return there !== undefined && !there.startsWith("../") && fs.kind(there) !== undefined;
  });
}
