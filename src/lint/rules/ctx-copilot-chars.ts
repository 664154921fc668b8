// ctx/copilot-chars: Copilot instruction files beyond 4,000 characters were historically cut by code review. Pure.
import { defineRule } from "../define-rule.js";
import { formatInt, limitsSchema } from "../rule-utils.js";
import { AGNIX_RULES, COPILOT_INSTRUCTIONS } from "../sources.js";

/** Where Copilot's instruction files are (the start of a path segment). */
const COPILOT_FILES = [".github/copilot-instructions.md", ".github/instructions/"];

export const ctxCopilotChars = defineRule({
  id: "ctx/copilot-chars",
  meta: {
    description: "`.github/copilot-instructions.md` and `*.instructions.md` stay within 4,000 characters",
    rationale:
      "Copilot code review read only the first 4,000 characters of instruction files (the docs text was later removed, so treat this as a caution).",
    defaultSeverity: "warn",
    appliesTo: ["context"],
    targets: ["copilot"],
    basis: "vendor",
    sources: [COPILOT_INSTRUCTIONS, AGNIX_RULES],
    messages: { over: "{{chars}} characters; Copilot code review may read only the first {{max}}" },
    optionsSchema: limitsSchema("maxChars"),
    defaultOptions: { maxChars: 4000 },
  },
  check({ file, options, report }) {
    if (!COPILOT_FILES.some((f) => file.path.startsWith(f) || file.path.includes(`/${f}`))) return;
    const chars = [...file.text].length;
    if (chars <= options.maxChars) return;
    const p = file.index.placeAt([...file.text].slice(0, options.maxChars).join("").length);
    report({
      messageId: "over",
      data: { chars: formatInt(chars), max: formatInt(options.maxChars) },
      place: { line: p.line, column: p.column },
    });
  },
});
