// ctx/claude-chars: CLAUDE.md plus everything it imports stays under Claude Code's 40,000-character warning. Pure.
import { defineRule } from "../define-rule.js";
import { findImports, walkImports } from "../find-imports.js";
import { baseName, formatInt, limitsSchema } from "../rule-utils.js";
import { CLAUDE_MEMORY } from "../sources.js";

export const ctxClaudeChars = defineRule({
  id: "ctx/claude-chars",
  meta: {
    description: "CLAUDE.md with its `@path` imports expanded stays under 40,000 characters",
    rationale:
      "Claude Code warns at start-up when memory files exceed 40,000 characters; imports load at launch too, so they count.",
    defaultSeverity: "warn",
    appliesTo: ["context"],
    targets: ["claude-code"],
    basis: "vendor",
    sources: [CLAUDE_MEMORY],
    messages: {
      over: "{{chars}} characters with imports expanded ({{own}} in this file); Claude Code warns above {{max}}",
    },
    optionsSchema: limitsSchema("maxChars"),
    defaultOptions: { maxChars: 40000 },
  },
  check({ file, project, options, report }) {
    const base = baseName(file.path);
    if (base !== "CLAUDE.md" && base !== "CLAUDE.local.md") return;
    const own = file.text.length;
    const walk = walkImports(project.fs, file.path, findImports(file.path, file.index, file.markdown), 5);
    const total = own + walk.reached.reduce((n, p) => n + (project.fs.readText(p)?.length ?? 0), 0);
    if (total > options.maxChars)
      report({
        messageId: "over",
        data: { chars: formatInt(total), own: formatInt(own), max: formatInt(options.maxChars) },
      });
  },
});
