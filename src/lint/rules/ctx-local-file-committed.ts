// ctx/local-file-committed: personal instruction files (CLAUDE.local.md, …) are not tracked by git. Pure.
import { defineRule } from "../define-rule.js";
import { baseName } from "../rule-utils.js";
import { AGNIX_RULES, CLAUDE_MEMORY } from "../sources.js";

export const ctxLocalFileCommitted = defineRule({
  id: "ctx/local-file-committed",
  meta: {
    description:
      "personal or machine-local instruction files (CLAUDE.local.md, AGENTS.local.md, AGENTS.override.md) are not committed",
    rationale:
      "CLAUDE.local.md holds one person's preferences for a project and AGENTS.override.md a local override of the shared AGENTS.md; committed, they silently change every teammate's agent. Add them to .gitignore and `git rm --cached` them. The rule reads the repository's index (.git/index), so it only reports files git really tracks; the `names` option sets the file names.",
    defaultSeverity: "warn",
    appliesTo: ["context"],
    basis: "community",
    sources: [CLAUDE_MEMORY, AGNIX_RULES],
    messages: {
      tracked: "{{name}} is a local file but git tracks it; add it to .gitignore and run `git rm --cached {{path}}`",
    },
    optionsSchema: {
      type: "object",
      additionalProperties: false,
      properties: { names: { type: "array", items: { type: "string" } } },
    },
    defaultOptions: { names: ["CLAUDE.local.md", "AGENTS.local.md", "AGENTS.override.md"] },
  },
  check({ file, project, options, report }) {
    const name = baseName(file.path);
    if (!options.names.includes(name) || !project.facts.gitTracked?.has(file.path)) return;
    report({ messageId: "tracked", data: { name, path: file.path } });
  },
});
