// Codex's remote compaction around the server call: trim the tail, filter the server's output, re-inject. Pure.
// Without a real server output the output is simulated: the kept user messages and one compaction item.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import { classifyUserMessage, collectUserMessageRecords } from "./collect-user-messages.js";
import { appendPinsAndGhosts } from "./append-pins-and-ghosts.js";
import type { CodexRemoteCompactOptions, CompactResult } from "./compact-options.js";
import { estimateItemTokens } from "./estimate-tokens.js";
import { collectGhostSnapshots, withoutGhostSnapshots } from "./ghost-snapshots.js";
import { placeInitialContext } from "./insert-initial-context.js";
import { collectPinnedBlocks } from "./pinned-blocks.js";
import { shouldKeepCompactedItem } from "./should-keep-compacted-item.js";
import { messageText, summaryMatcherFor, type SummaryMatcher } from "./summary.js";
import { trimForRemote } from "./trim-for-remote.js";

/** Placeholder for the server's opaque compaction blob in a dry run. */
export const SIMULATED_COMPACTION_CONTENT = "";

export function compactCodexRemote(options: CodexRemoteCompactOptions): CompactResult {
  const matcher = summaryMatcherFor(options);
  const diagnostics: Diagnostic[] = [];
  const trimmed = trimForRemote(options.history, {
    contextWindow: options.contextWindow,
    ...(options.baseInstructions !== undefined ? { baseInstructions: options.baseInstructions } : {}),
    ...(options.method ? { method: options.method } : {}),
  });
  if (trimmed.removed.length > 0) {
    diagnostics.push(
      diagnostic(
        "compact/remote-trimmed",
        "info",
        `${trimmed.removed.length} harness-generated item(s) trimmed from the tail to fit the window`,
        {
          data: {
            count: trimmed.removed.length,
            estimateBefore: trimmed.estimateBefore,
            estimateAfter: trimmed.estimateAfter,
          },
        },
      ),
    );
  }
  const input = withoutGhostSnapshots(trimmed.history);
  const requestSkipped = input.length === 0;
  const simulated = options.remoteOutput === undefined && !requestSkipped;
  let output: readonly ResponseItem[];
  if (options.remoteOutput !== undefined) output = options.remoteOutput;
  else if (requestSkipped) output = [];
  else {
    output = [
      ...collectUserMessageRecords(input, matcher).map((r) => input[r.index]!),
      { type: "compaction", encrypted_content: SIMULATED_COMPACTION_CONTENT } satisfies ResponseItem,
    ];
    diagnostics.push(
      diagnostic(
        "compact/remote-output-simulated",
        "info",
        "no server output given: simulated as the real user messages followed by one compaction item",
      ),
    );
  }
  const kept = output.filter((item) => shouldKeepCompactedItem(item, matcher));
  const dropped = output.length - kept.length;
  if (dropped > 0)
    diagnostics.push(
      diagnostic(
        "compact/remote-items-dropped",
        "info",
        `${dropped} item(s) of the compacted output dropped (developer, contextual, reasoning or tool items)`,
        { data: { count: dropped } },
      ),
    );
  const placed = placeInitialContext(kept, options.initialContext, matcher, lastSummaryLikeIndex(kept, matcher));
  const { history, summaryIndex, initialContext } = placed;
  const tail = appendPinsAndGhosts(
    history,
    collectPinnedBlocks(options.history, options.pins ?? []),
    collectGhostSnapshots(options.history),
  );
  const keptTexts = new Set(
    output.flatMap((i) => (i.type === "message" && i.role === "user" ? [messageText(i.content)] : [])),
  );
  const records = collectUserMessageRecords(options.history, matcher);
  const summaryItem = summaryIndex >= 0 ? history[summaryIndex] : undefined;
  return {
    strategy: "codex-remote",
    history: tail.history,
    summaryIndex,
    summaryText: summaryItem?.type === "message" ? messageText(summaryItem.content) : "",
    ...(initialContext ? { initialContext } : {}),
    userMessages: records.map((r) => ({
      historyIndex: r.index,
      fate: keptTexts.has(r.text) ? "kept" : "summarized",
      tokens: estimateItemTokens(options.history[r.index]!, options.method),
    })),
    pinnedIndexes: tail.pinnedIndexes,
    ghostIndexes: tail.ghostIndexes,
    events: [],
    remote: { trimmed: trimmed.removed, simulated, requestSkipped },
    diagnostics,
  };
}

// The compaction item, else the last summary message.
function lastSummaryLikeIndex(history: readonly ResponseItem[], matcher: SummaryMatcher): number {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.type === "compaction") return i;
  for (let i = history.length - 1; i >= 0; i--) if (classifyUserMessage(history[i]!, matcher) === "summary") return i;
  return -1;
}
