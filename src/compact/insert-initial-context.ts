// Where re-injected initial context lands in a compacted history (Codex's insertion chain). Pure.
// Before the last real user message, else the last user-or-summary, else the last compaction item, else the end.
import type { ResponseItem } from "../model/items.js";
import { classifyUserMessage } from "./collect-user-messages.js";
import type { SummaryMatcher } from "./summary.js";

/** `start` is used by the pi strategy, which puts the context before its summary. */
export type InsertionAnchor = "last-real-user" | "last-user-or-summary" | "last-compaction" | "end" | "start";

export interface InsertInitialContextResult {
  history: ResponseItem[];
  /** Index of the first inserted item in the result. */
  index: number;
  anchor: InsertionAnchor;
}

export function findInitialContextInsertion(history: readonly ResponseItem[], matcher: SummaryMatcher): { index: number; anchor: InsertionAnchor } {
  let lastUserOrSummary = -1;
  for (let i = history.length - 1; i >= 0; i--) {
    const kind = classifyUserMessage(history[i]!, matcher);
    if (kind === undefined || kind === "contextual") continue;
    if (lastUserOrSummary < 0) lastUserOrSummary = i;
    if (kind === "real") return { index: i, anchor: "last-real-user" };
  }
  if (lastUserOrSummary >= 0) return { index: lastUserOrSummary, anchor: "last-user-or-summary" };
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.type === "compaction") return { index: i, anchor: "last-compaction" };
  return { index: history.length, anchor: "end" };
}

export function insertInitialContext(
  history: readonly ResponseItem[],
  initialContext: readonly ResponseItem[],
  matcher: SummaryMatcher,
): InsertInitialContextResult {
  const { index, anchor } = findInitialContextInsertion(history, matcher);
  return { history: [...history.slice(0, index), ...initialContext, ...history.slice(index)], index, anchor };
}
