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

export function findInitialContextInsertion(
  history: readonly ResponseItem[],
  matcher: SummaryMatcher,
): { index: number; anchor: InsertionAnchor } {
  let lastUserOrSummary = -1;
  for (let i = history.length - 1; i >= 0; i--) {
    const kind = classifyUserMessage(history[i]!, matcher);
    if (kind === undefined || kind === "contextual") continue;
    if (lastUserOrSummary < 0) lastUserOrSummary = i;
    if (kind === "real") return { index: i, anchor: "last-real-user" };
  }
  if (lastUserOrSummary >= 0) return { index: lastUserOrSummary, anchor: "last-user-or-summary" };
  for (let i = history.length - 1; i >= 0; i--)
    if (history[i]!.type === "compaction") return { index: i, anchor: "last-compaction" };
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

export interface PlaceInitialContextResult {
  history: ResponseItem[];
  /** The summary's index after the insertion; -1 (no summary) stays -1. */
  summaryIndex: number;
  /** Where the context went; absent when there was none to place. */
  initialContext?: { index: number; count: number; anchor: InsertionAnchor };
}

/** insertInitialContext as the Codex strategies use it: no context leaves the history as is; the summary moves with it. */
export function placeInitialContext(
  history: ResponseItem[],
  initialContext: readonly ResponseItem[] | undefined,
  matcher: SummaryMatcher,
  summaryIndex: number,
): PlaceInitialContextResult {
  if (!initialContext || initialContext.length === 0) return { history, summaryIndex };
  const inserted = insertInitialContext(history, initialContext, matcher);
  const count = initialContext.length;
  return {
    history: inserted.history,
    summaryIndex: summaryIndex >= 0 && inserted.index <= summaryIndex ? summaryIndex + count : summaryIndex,
    initialContext: { index: inserted.index, count, anchor: inserted.anchor },
  };
}
