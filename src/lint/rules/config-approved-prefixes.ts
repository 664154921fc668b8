// config/approved-prefixes: exec-policy allow rules that Codex will cut from the permissions block
// (at most 100 prefixes and 5,000 characters). Parsed rules come from LintFacts, the cut from fragments/. Pure.
import {
  comparePrefixes,
  MAX_ALLOW_PREFIX_TEXT_CHARS,
  MAX_RENDERED_PREFIXES,
  renderCommandPrefix,
} from "../../fragments/approved-prefixes.js";
import { defineRule } from "../define-rule.js";
import { formatInt } from "../rule-utils.js";
import { CODEX_SOURCE } from "../sources.js";

/** How many of the sorted prefixes survive both caps, and the rendered size before cutting. */
export function simulateAllowPrefixes(prefixes: readonly string[][]): { order: number[]; kept: number; chars: number } {
  const order = prefixes
    .map((_, i) => i)
    .sort((i, j) => comparePrefixes(prefixes[i] as string[], prefixes[j] as string[]));
  const lines = order.slice(0, MAX_RENDERED_PREFIXES).map((i) => renderCommandPrefix(prefixes[i] as string[]));
  const chars = [...lines.join("\n")].length;
  let kept = 0;
  let used = 0;
  for (const line of lines) {
    const len = [...line].length + (kept > 0 ? 1 : 0);
    if (used + len > MAX_ALLOW_PREFIX_TEXT_CHARS) break;
    used += len;
    kept++;
  }
  return { order, kept, chars };
}

export const configApprovedPrefixes = defineRule({
  id: "config/approved-prefixes",
  meta: {
    description: "exec-policy allow rules fit in what Codex shows the model (100 prefixes, 5,000 characters)",
    rationale:
      "Codex lists approved command prefixes in the permissions block, sorted by token count, byte length and text, then keeps the first 100 and cuts the text at 5,000 characters. Prefixes past the cut are still approved but the model is never told, so it keeps asking for approval.",
    defaultSeverity: "warn",
    appliesTo: ["exec-policy", "codex-config"],
    targets: ["codex"],
    basis: "vendor",
    sources: [CODEX_SOURCE],
    messages: {
      cut: "Codex shows the model only {{kept}} of {{total}} approved prefixes ({{chars}} characters rendered; caps {{maxItems}} prefixes / {{maxChars}} characters)",
      hidden: "approved prefix {{prefix}} is past Codex's cut, so the model never sees it",
      parseError:
        "Codex cannot parse this rules file ({{error}}) and then drops every approved prefix from all rules files",
    },
  },
  check({ file, project, report }) {
    const list = project.facts.codexPrefixes.get(file.path);
    if (!list) return;
    if (list.error)
      return report({
        messageId: "parseError",
        data: { error: list.error.message },
        place: { line: list.error.line, column: list.error.column },
      });
    if (list.prefixes.length === 0) return;
    const { order, kept, chars } = simulateAllowPrefixes(list.prefixes);
    if (kept >= list.prefixes.length) return;
    report({
      messageId: "cut",
      data: {
        kept,
        total: list.prefixes.length,
        chars: formatInt(chars),
        maxItems: MAX_RENDERED_PREFIXES,
        maxChars: formatInt(MAX_ALLOW_PREFIX_TEXT_CHARS),
      },
    });
    for (const i of order.slice(kept)) {
      const line = list.lines[i] ?? 0;
      if (line > 0)
        report({ messageId: "hidden", data: { prefix: JSON.stringify(list.prefixes[i]) }, place: { line, column: 1 } });
    }
  },
});
