// pi 0.73.1's compaction behind the one interface: everything before the cut point becomes one user message,
// `<lead>\n\n<summary>\n…\n</summary>`, and the items from the cut on stay verbatim. Pure.
// Measured against pi 0.73.1 (test/conformance/compaction-harnesses.test.ts): the cut (find-cut-point.ts), an
// earlier summary replaced (its text goes to the summariser as the previous summary), a split turn's two
// summaries joined, the file lists appended; pi rebuilds its system prompt, so nothing else is re-injected.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import { messageText } from "../model/message-text.js";
import { appendPinsAndGhosts } from "./append-pins-and-ghosts.js";
import { classifyUserMessage, collectUserMessageRecords } from "./collect-user-messages.js";
import type { CompactResult, PiCompactOptions } from "./compact-options.js";
import { estimatePiTokens } from "./estimate-tokens.js";
import { findCutPoint, PI_KEEP_RECENT_TOKENS } from "./find-cut-point.js";
import { collectGhostSnapshots, withoutGhostSnapshots } from "./ghost-snapshots.js";
import { collectPiFileLists, renderPiFileLists } from "./pi-file-operations.js";
import { collectPinnedBlocks } from "./pinned-blocks.js";
import { summaryMatcherFor, userTextMessage } from "./summary.js";

const SUMMARY_OPEN = "<summary>\n";
const SUMMARY_CLOSE = "\n</summary>";
/** Joins the history summary and a split turn's prefix summary (pi's separator and heading, a format marker). */
export const PI_SPLIT_TURN_JOIN = "\n\n---\n\n**Turn Context (split turn):**\n\n";
/** What pi sends as the history summary when a split turn has nothing before its start. */
export const PI_NO_PRIOR_HISTORY = "No prior history.";

/** The summary message text: the lead (prose, from the caller), then the body inside `<summary>` tags. */
export function renderPiSummary(lead: string, body: string): string {
  return `${lead === "" ? "" : `${lead}\n\n`}${SUMMARY_OPEN}${body}${SUMMARY_CLOSE}`;
}

/** The body of a pi summary message (what pi stored as the compaction's summary), or undefined. */
export function piSummaryBody(text: string): string | undefined {
  const open = text.indexOf(SUMMARY_OPEN);
  return open >= 0 && text.endsWith(SUMMARY_CLOSE)
    ? text.slice(open + SUMMARY_OPEN.length, text.length - SUMMARY_CLOSE.length)
    : undefined;
}

export function compactPi(options: PiCompactOptions): CompactResult {
  const matcher = summaryMatcherFor(options);
  const diagnostics: Diagnostic[] = [];
  const visible = withoutGhostSnapshots(options.history);
  // An earlier summary: pi's wrapping around any body, or a text the caller knows is one.
  const opening = renderPiSummary(options.summaryPrefix, "").slice(0, -SUMMARY_CLOSE.length);
  const isSummary = (item: ResponseItem) => {
    if (item.type !== "message" || item.role !== "user") return false;
    const text = messageText(item.content);
    return (
      (text.startsWith(opening) && text.endsWith(SUMMARY_CLOSE)) || classifyUserMessage(item, matcher) === "summary"
    );
  };
  const previous = visible.findLastIndex(isSummary);
  const visibleToHistory: number[] = [];
  options.history.forEach((item, i) => {
    if (item.type !== "ghost_snapshot") visibleToHistory.push(i);
  });
  const toHistory = (i: number) => visibleToHistory[i] ?? options.history.length;
  if (visible.length === 0 || previous === visible.length - 1) {
    diagnostics.push(
      diagnostic(
        "compact/nothing-to-summarize",
        "info",
        visible.length === 0
          ? "the history is empty; pi has nothing to compact"
          : "the newest item is already a summary; pi refuses to compact again (already compacted)",
      ),
    );
    return unchanged(options, visible, toHistory, diagnostics);
  }
  const start = previous + 1;
  const cut = findCutPoint(visible, options.keepRecentTokens ?? PI_KEEP_RECENT_TOKENS, start);
  const historyEnd = cut.splitTurn ? cut.turnStartIndex : cut.index;
  const summarized = visible.slice(start, historyEnd);
  const turnPrefix = cut.splitTurn ? visible.slice(cut.turnStartIndex, cut.index) : [];
  const previousText = previous >= 0 ? visible[previous] : undefined;
  const previousSummary =
    previousText?.type === "message" ? piSummaryBody(messageText(previousText.content)) : undefined;
  diagnostics.push(
    diagnostic(
      cut.index > start ? "compact/items-summarized" : "compact/nothing-to-summarize",
      "info",
      cut.index > start
        ? `${cut.index - start} item(s) before the cut are replaced by the summary`
        : "the whole history fits in the recent-token budget; pi still replaces nothing-before-the-cut with a summary",
      { data: { summarized: cut.index - start } },
    ),
  );
  if (cut.splitTurn)
    diagnostics.push(
      diagnostic(
        "compact/split-turn",
        "info",
        `the cut at item ${toHistory(cut.index)} splits a turn; pi summarizes the turn's start separately`,
        { data: { cutIndex: toHistory(cut.index), turnStartIndex: toHistory(cut.turnStartIndex) } },
      ),
    );
  const reply = options.summaryReply ?? "";
  const historySummary = cut.splitTurn && summarized.length === 0 ? PI_NO_PRIOR_HISTORY : reply;
  const body =
    (cut.splitTurn ? historySummary + PI_SPLIT_TURN_JOIN + (options.turnPrefixReply ?? "") : reply) +
    renderPiFileLists(collectPiFileLists([...summarized, ...turnPrefix], previousSummary));
  const summaryText = renderPiSummary(options.summaryPrefix, body);
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
  return {
    strategy: "pi",
    history: withGhosts.history,
    summaryIndex,
    summaryText,
    ...(context.length > 0 ? { initialContext: { index: 0, count: context.length, anchor: "start" as const } } : {}),
    userMessages: collectUserMessageRecords(visible, matcher).map((r) => ({
      historyIndex: toHistory(r.index),
      fate: r.index >= cut.index ? "kept" : "summarized",
      tokens: estimatePiTokens(visible[r.index]!),
    })),
    pinnedIndexes: pinned.map((_, i) => summaryIndex + 1 + i),
    ghostIndexes: withGhosts.ghostIndexes,
    events: [],
    pi: {
      cutIndex: toHistory(cut.index),
      splitTurn: cut.splitTurn,
      turnStartIndex: cut.turnStartIndex >= 0 ? toHistory(cut.turnStartIndex) : -1,
      summarizedItems: cut.index - start,
      keptItems: kept.length,
    },
    diagnostics,
  };
}

/** Nothing pi would compact: every item stays where it is. */
function unchanged(
  options: PiCompactOptions,
  visible: readonly ResponseItem[],
  toHistory: (i: number) => number,
  diagnostics: Diagnostic[],
): CompactResult {
  const ghostIndexes = options.history.flatMap((item, i) => (item.type === "ghost_snapshot" ? [i] : []));
  return {
    strategy: "pi",
    history: [...options.history],
    summaryIndex: -1,
    summaryText: "",
    userMessages: collectUserMessageRecords(visible, summaryMatcherFor(options)).map((r) => ({
      historyIndex: toHistory(r.index),
      fate: "kept",
      tokens: estimatePiTokens(visible[r.index]!),
    })),
    pinnedIndexes: [],
    ghostIndexes,
    events: [],
    pi: { cutIndex: toHistory(0), splitTurn: false, turnStartIndex: -1, summarizedItems: 0, keptItems: visible.length },
    diagnostics,
  };
}
