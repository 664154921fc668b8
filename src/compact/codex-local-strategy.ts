// Codex's local compaction as data in, data out: retained user messages, summary last, context, ghosts. Pure.
import { buildCompactedHistory } from "./build-compacted-history.js";
import { collectUserMessageRecords } from "./collect-user-messages.js";
import { appendPinsAndGhosts, historyReplaced, summaryMatcherFor, type CompactOptions, type CompactResult } from "./compact-history.js";
import { collectGhostSnapshots } from "./ghost-snapshots.js";
import { placeInitialContext } from "./insert-initial-context.js";
import { collectPinnedBlocks } from "./pinned-blocks.js";
import { COMPACT_WARNING_TEXT } from "./plan-local-retry.js";
import { formatSummary } from "./summary.js";

export function compactCodexLocal(options: CompactOptions): CompactResult {
  const matcher = summaryMatcherFor(options);
  const records = collectUserMessageRecords(options.history, matcher);
  const built = buildCompactedHistory({
    userMessages: records.map((r) => r.text),
    summaryText: formatSummary(options.summaryPrefix, options.summaryReply ?? ""),
    ...(options.maxUserTokens !== undefined ? { maxUserTokens: options.maxUserTokens } : {}),
  });
  const placed = placeInitialContext(built.history, options.initialContext, matcher, built.history.length - 1);
  const { summaryIndex, initialContext } = placed;
  const tail = appendPinsAndGhosts(placed.history, collectPinnedBlocks(options.history, options.pins ?? []), collectGhostSnapshots(options.history));
  return {
    strategy: "codex-local",
    history: tail.history,
    summaryIndex,
    summaryText: built.summaryText,
    ...(initialContext ? { initialContext } : {}),
    userMessages: built.userMessages.map((f) => ({ ...f, historyIndex: records[f.index]!.index })).map(({ index: _i, ...rest }) => rest),
    pinnedIndexes: tail.pinnedIndexes,
    ghostIndexes: tail.ghostIndexes,
    events: [COMPACT_WARNING_TEXT],
    diagnostics: [
      ...built.diagnostics,
      historyReplaced(options.history.length, tail.history.length, initialContext !== undefined),
    ],
  };
}
