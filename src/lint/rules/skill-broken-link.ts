// skill/broken-link: relative Markdown links in a skill resolve to files that exist. Pure.
import { defineRule } from "../define-rule.js";
import { brokenLinks } from "../skill-files.js";
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
      report({ messageId: "broken", data: { target: b.target }, place: b.place });
  },
});
