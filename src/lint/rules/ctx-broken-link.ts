// ctx/broken-link: relative Markdown links in always-loaded context files resolve. Pure.
import { defineRule } from "../define-rule.js";
import { brokenLinks } from "../skill-files.js";
import { AGNIX_RULES } from "../sources.js";

export const ctxBrokenLink = defineRule({
  id: "ctx/broken-link",
  meta: {
    description: "relative links in AGENTS.md, CLAUDE.md and other context files point to files that exist",
    rationale:
      "Agents follow links in their instructions; a stale link costs a failed read and leaves the instruction without its detail.",
    defaultSeverity: "error",
    appliesTo: ["context", "cursor-rule"],
    basis: "community",
    sources: [AGNIX_RULES],
    messages: { broken: "link target '{{target}}' does not exist" },
  },
  check({ file, project, report }) {
    for (const b of brokenLinks(file, project))
      report({ messageId: "broken", data: { target: b.target }, place: b.place });
  },
});
