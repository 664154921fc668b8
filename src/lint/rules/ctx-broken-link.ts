// ctx/broken-link: relative Markdown links in always-loaded context files resolve. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf } from "../lint-file.js";
import { NO_OPTIONS } from "../rule-utils.js";
import { localLinkPath } from "../skill-files.js";
import { AGNIX_RULES } from "../sources.js";

export const ctxBrokenLink = defineRule({
  id: "ctx/broken-link",
  meta: {
    description: "relative links in AGENTS.md, CLAUDE.md and other context files point to files that exist",
    rationale: "Agents follow links in their instructions; a stale link costs a failed read and leaves the instruction without its detail.",
    defaultSeverity: "error",
    appliesTo: ["context", "cursor-rule"],
    targets: [],
    basis: "community",
    sources: [AGNIX_RULES],
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
