// ctx/volatile-content: timestamps and "last updated" stamps in always-loaded text that sits in the cached prefix. Pure.
import { defineRule } from "../define-rule.js";
import { matchProse } from "../rule-utils.js";
import { VITEST_SNAPSHOTS } from "../sources.js";

const VOLATILE =
  /\b(?:20\d{2}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?|(?:last (?:updated|modified|generated)|generated (?:at|on)|updated (?:at|on)|timestamp)\s*[:=]\s*\S+)/gi;

export const ctxVolatileContent = defineRule({
  id: "ctx/volatile-content",
  meta: {
    description: "always-loaded instructions carry no timestamps or 'last updated' stamps",
    rationale:
      "AGENTS.md and CLAUDE.md sit near the start of every request, inside the prompt-cache prefix. A stamp that a script or editor refreshes changes those bytes and invalidates the cache for every session that follows, and tells the model nothing.",
    defaultSeverity: "off",
    strict: "warn",
    measured:
      "code samples with timestamps were most of its findings on the precision suite (false). On in the `strict` preset.",
    appliesTo: ["context"],
    basis: "heuristic",
    sources: [VITEST_SNAPSHOTS],
    messages: { volatile: "'{{text}}' is volatile text in the cached prompt prefix" },
  },
  check({ file, report }) {
    for (const { match, place } of matchProse(file, VOLATILE))
      report({ messageId: "volatile", data: { text: match[0] }, place });
  },
});
