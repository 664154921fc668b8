// skill/broken-link: relative Markdown links in a skill resolve to files that exist. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf } from "../lint-file.js";
import { NO_OPTIONS } from "../rule-utils.js";
import { localLinkPath } from "../skill-files.js";
import { AGNIX_RULES, SKILL_VALIDATOR } from "../sources.js";

export const skillBrokenLink = defineRule({
  id: "skill/broken-link",
  meta: {
    description: "relative links in SKILL.md point to files that exist",
    rationale: "An agent following a skill reads the files it links to; a broken link sends it searching or guessing. skill-validator treats this as an error.",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    targets: [],
    basis: "community",
    sources: [SKILL_VALIDATOR, AGNIX_RULES],
    fixable: "none",
    messages: { broken: "link target '{{target}}' does not exist" },
    optionsSchema: NO_OPTIONS,
    defaultOptions: {},
  },
  check({ file, project, report }) {
    for (const link of file.markdown.links) {
      const path = localLinkPath(dirOf(file.path), link.target);
      if (path === undefined || project.fs.kind(path) !== undefined) continue;
      report({ messageId: "broken", data: { target: link.target }, place: { line: link.line, column: link.column, endLine: link.line, endColumn: link.column + link.target.length } });
    }
  },
});
