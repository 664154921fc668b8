// Codex's local compaction as data in, data out: retained user messages, summary last, context, ghosts. Pure.
import { buildCompactedHistory } from "./build-compacted-history.js";
import { collectUserMessageRecords } from "./collect-user-messages.js";
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import { appendPinsAndGhosts } from "./append-pins-and-ghosts.js";
import type { CodexLocalCompactOptions, CompactResult } from "./compact-options.js";
import { collectGhostSnapshots } from "./ghost-snapshots.js";
import { placeInitialContext } from "./insert-initial-context.js";
import { collectPinnedBlocks } from "./pinned-blocks.js";
import { COMPACT_WARNING_TEXT } from "./plan-local-retry.js";
import { formatSummary, summaryMatcherFor } from "./summary.js";

export function compactCodexLocal(options: CodexLocalCompactOptions): CompactResult {
  const matcher = summaryMatcherFor(options);
  const records = collectUserMessageRecords(options.history, matcher);
  const built = buildCompactedHistory({
    userMessages: records.map((r) => r.text),
    summaryText: formatSummary(options.summaryPrefix, options.summaryReply ?? ""),
    ...(options.maxUserTokens !== undefined ? { maxUserTokens: options.maxUserTokens } : {}),
  });
  const placed = placeInitialContext(built.history, options.initialContext, matcher, built.history.length - 1);
  const { summaryIndex, initialContext } = placed;
  const tail = appendPinsAndGhosts(
    placed.history,
    collectPinnedBlocks(options.history, options.pins ?? []),
    collectGhostSnapshots(options.history),
  );
  return {
    strategy: "codex-local",
    history: tail.history,
    summaryIndex,
    summaryText: built.summaryText,
    ...(initialContext ? { initialContext } : {}),
    userMessages: built.userMessages
      .map((f) => ({ ...f, historyIndex: records[f.index]!.index }))
      .map(({ index: _i, ...rest }) => rest),
    pinnedIndexes: tail.pinnedIndexes,
    ghostIndexes: tail.ghostIndexes,
    events: [COMPACT_WARNING_TEXT],
    diagnostics: [
      ...built.diagnostics,
      historyReplaced(options.history.length, tail.history.length, initialContext !== undefined),
    ],
  };
}

/** Reported by the local strategy: what a compaction replaces (nothing silent). */
export function historyReplaced(before: number, after: number, context: boolean): Diagnostic {
  return diagnostic(
    "compact/history-replaced",
    "info",
    `${before} item(s) replaced by ${after}: only real user messages, the summary${context ? ", the initial context" : ""} and ghost snapshots carry over`,
    {
      data: { before, after, context },
    },
  );
}
