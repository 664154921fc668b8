// What the agent-shaped strategies (pi, Claude Code, Gemini CLI) share: the history without ghost snapshots, with
// a way back to input indexes, the user-message report, and the result that leaves the history alone. Pure.
import type { Diagnostic } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import { collectUserMessageRecords } from "./collect-user-messages.js";
import type { CompactResult, CompactStrategyName, UserMessageReport } from "./compact-options.js";
import { estimatePiTokens } from "./estimate-tokens.js";
import type { SummaryMatcher } from "./summary.js";

export interface VisibleHistory {
  /** The items a model sees (ghost snapshots left out). */
  visible: ResponseItem[];
  /** Index in the input history of `visible[i]` (the input's length past the end). */
  toHistory(i: number): number;
  /** Where the input's ghost snapshots are. */
  ghostIndexes: number[];
}

export function visibleHistory(history: readonly ResponseItem[]): VisibleHistory {
  const indexes: number[] = [];
  const ghostIndexes: number[] = [];
  history.forEach((item, i) => (item.type === "ghost_snapshot" ? ghostIndexes : indexes).push(i));
  return {
    visible: indexes.map((i) => history[i]!),
    toHistory: (i) => indexes[i] ?? history.length,
    ghostIndexes,
  };
}

/** Real user messages: kept from `keptFrom` (a visible index) on, summarized before it. */
export function userMessageFates(v: VisibleHistory, matcher: SummaryMatcher, keptFrom: number): UserMessageReport[] {
  return collectUserMessageRecords(v.visible, matcher).map((r) => ({
    historyIndex: v.toHistory(r.index),
    fate: r.index >= keptFrom ? "kept" : "summarized",
    tokens: estimatePiTokens(v.visible[r.index]!),
  }));
}

/** Nothing compacted: every item stays where it is. */
export function unchangedResult(
  strategy: CompactStrategyName,
  history: readonly ResponseItem[],
  v: VisibleHistory,
  matcher: SummaryMatcher,
  diagnostics: Diagnostic[],
): CompactResult {
  return {
    strategy,
    history: [...history],
    summaryIndex: -1,
    summaryText: "",
    userMessages: userMessageFates(v, matcher, 0),
    pinnedIndexes: [],
    ghostIndexes: v.ghostIndexes,
    events: [],
    diagnostics,
  };
}
