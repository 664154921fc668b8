// pi's strategy behind the same interface: summary first, then everything from the cut point on. Pure.
// Initial context goes before the summary (pi rebuilds its system prompt; Codex histories carry it as items).
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import { collectUserMessageRecords } from "./collect-user-messages.js";
import { appendPinsAndGhosts } from "./append-pins-and-ghosts.js";
import type { PiCompactOptions, CompactResult } from "./compact-options.js";
import { estimatePiTokens } from "./estimate-tokens.js";
import { findCutPoint, PI_KEEP_RECENT_TOKENS } from "./find-cut-point.js";
import { collectGhostSnapshots, withoutGhostSnapshots } from "./ghost-snapshots.js";
import { collectPinnedBlocks } from "./pinned-blocks.js";
import { formatSummary, NO_SUMMARY_TEXT, summaryMatcherFor, userTextMessage, type SummaryMatcher } from "./summary.js";

export function compactPi(options: PiCompactOptions): CompactResult {
  const matcher = summaryMatcherFor(options);
  const diagnostics: Diagnostic[] = [];
  const visible = withoutGhostSnapshots(options.history);
  const cut = findCutPoint(visible, options.keepRecentTokens ?? PI_KEEP_RECENT_TOKENS, matcher);
  if (cut.index > 0)
    diagnostics.push(
      diagnostic(
        "compact/items-summarized",
        "info",
        `${cut.index} item(s) before the cut are replaced by the summary`,
        { data: { summarized: cut.index } },
      ),
    );
  if (cut.index === 0) {
    diagnostics.push(
      diagnostic(
        "compact/nothing-to-summarize",
        "info",
        "the whole history fits in the recent-token budget; nothing before the cut, history left unchanged",
      ),
    );
    return unchanged(options, visible, matcher, diagnostics);
  }
  if (cut.splitTurn)
    diagnostics.push(
      diagnostic(
        "compact/split-turn",
        "info",
        `the cut at item ${cut.index} splits a turn; pi summarizes the turn's start separately`,
        { data: { cutIndex: cut.index, turnStartIndex: cut.turnStartIndex } },
      ),
    );
  const reply = options.summaryReply ?? "";
  const summaryText =
    options.summaryPrefix === "" && reply === "" ? NO_SUMMARY_TEXT : formatSummary(options.summaryPrefix, reply);
  const context = options.initialContext ?? [];
  const kept = visible.slice(cut.index);
  // A pinned block still in the kept part is not repeated after the summary.
  const keptContent = new Set(kept.flatMap((item) => (item.type === "message" ? [JSON.stringify(item.content)] : [])));
  const pinned = collectPinnedBlocks(options.history, options.pins ?? []).filter(
    (item) => !keptContent.has(JSON.stringify(item.content)),
  );
  const head: ResponseItem[] = [...context, userTextMessage(summaryText), ...pinned];
  const withGhosts = appendPinsAndGhosts([...head, ...kept], [], collectGhostSnapshots(options.history));
  const summaryIndex = context.length;
  // Map visible indexes back to history indexes for the user-message report.
  const visibleToHistory: number[] = [];
  options.history.forEach((item, i) => {
    if (item.type !== "ghost_snapshot") visibleToHistory.push(i);
  });
  const records = collectUserMessageRecords(visible, matcher);
  return {
    strategy: "pi",
    history: withGhosts.history,
    summaryIndex,
    summaryText,
    ...(context.length > 0 ? { initialContext: { index: 0, count: context.length, anchor: "start" as const } } : {}),
    userMessages: records.map((r) => ({
      historyIndex: visibleToHistory[r.index]!,
      fate: r.index >= cut.index ? "kept" : "summarized",
      tokens: estimatePiTokens(visible[r.index]!),
    })),
    pinnedIndexes: pinned.map((_, i) => summaryIndex + 1 + i),
    ghostIndexes: withGhosts.ghostIndexes,
    events: [],
    pi: {
      cutIndex: visibleToHistory[cut.index] ?? options.history.length,
      splitTurn: cut.splitTurn,
      turnStartIndex: cut.turnStartIndex >= 0 ? visibleToHistory[cut.turnStartIndex]! : -1,
      summarizedItems: cut.index,
      keptItems: kept.length,
    },
    diagnostics,
  };
}

/** Nothing before the cut: no summary, no re-injected context, no re-emitted pins; every item stays where it is. */
function unchanged(
  options: PiCompactOptions,
  visible: readonly ResponseItem[],
  matcher: SummaryMatcher,
  diagnostics: Diagnostic[],
): CompactResult {
  const visibleToHistory: number[] = [];
  const ghostIndexes: number[] = [];
  options.history.forEach((item, i) => (item.type === "ghost_snapshot" ? ghostIndexes : visibleToHistory).push(i));
  return {
    strategy: "pi",
    history: [...options.history],
    summaryIndex: -1,
    summaryText: "",
    userMessages: collectUserMessageRecords(visible, matcher).map((r) => ({
      historyIndex: visibleToHistory[r.index]!,
      fate: "kept",
      tokens: estimatePiTokens(visible[r.index]!),
    })),
    pinnedIndexes: [],
    ghostIndexes,
    events: [],
    pi: {
      cutIndex: visibleToHistory[0] ?? options.history.length,
      splitTurn: false,
      turnStartIndex: -1,
      summarizedItems: 0,
      keptItems: visible.length,
    },
    diagnostics,
  };
}
