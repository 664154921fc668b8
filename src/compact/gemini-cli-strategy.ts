// Gemini CLI 0.61.0's chat compression behind the one interface: the oldest ~70% (by characters, cut at a user
// turn) goes to the summariser; the new history is a fresh session context, the summary as a user turn, the
// model's fixed acknowledgement, then the kept turns verbatim. Pure. Measured: test/conformance/compaction-harnesses.test.ts.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { MessageItem, ResponseItem } from "../model/items.js";
import { messageText } from "../model/message-text.js";
import { GEMINI_SESSION_CONTEXT_OPEN } from "../profiles/gemini-cli/gemini-facts.js";
import { appendPinsAndGhosts } from "./append-pins-and-ghosts.js";
import type { CompactResult, GeminiCliCompactOptions } from "./compact-options.js";
import { findGeminiSplitPoint, toGeminiContents } from "./gemini-split-point.js";
import { collectGhostSnapshots } from "./ghost-snapshots.js";
import { NO_SUMMARY_TEXT, summaryMatcherFor, userTextMessage } from "./summary.js";
import { unchangedResult, userMessageFates, visibleHistory } from "./visible-history.js";

/** Gemini CLI's session-context turn when it opens the history. */
function sessionContextOf(history: readonly ResponseItem[]): ResponseItem[] {
  const first = history[0];
  return first?.type === "message" &&
    first.role === "user" &&
    messageText(first.content).startsWith(GEMINI_SESSION_CONTEXT_OPEN)
    ? [first]
    : [];
}

const modelText = (text: string): MessageItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});

export function compactGeminiCli(options: GeminiCliCompactOptions): CompactResult {
  const diagnostics: Diagnostic[] = [];
  const v = visibleHistory(options.history);
  const { visible, toHistory } = v;
  const contents = toGeminiContents(visible);
  const split = findGeminiSplitPoint(contents);
  const cut = split >= contents.length ? visible.length : (contents[split]?.start ?? visible.length);
  const matcher = summaryMatcherFor(options);
  if (split === 0) {
    diagnostics.push(
      diagnostic(
        "compact/nothing-to-summarize",
        "info",
        "no user turn to split at before the newest 30% of the history; Gemini CLI leaves the history as it is",
      ),
    );
    return unchangedResult("gemini-cli", options.history, v, matcher, diagnostics);
  }
  diagnostics.push(
    diagnostic("compact/items-summarized", "info", `${cut} item(s) before the split go to the summariser`, {
      data: { summarized: cut, contents: split },
    }),
  );
  const reply = (options.summaryReply ?? "").trim();
  if (reply === "")
    diagnostics.push(
      diagnostic(
        "compact/empty-summary",
        "info",
        `no summary given: shown as '${NO_SUMMARY_TEXT}'; Gemini CLI itself keeps the history unchanged when the summariser replies with nothing`,
      ),
    );
  const summaryText = reply === "" ? NO_SUMMARY_TEXT : reply;
  const context = options.initialContext ?? sessionContextOf(visible);
  const kept = visible.slice(cut);
  const head = [...context, userTextMessage(summaryText), modelText(options.acknowledgement)];
  const withGhosts = appendPinsAndGhosts([...head, ...kept], [], collectGhostSnapshots(options.history));
  return {
    strategy: "gemini-cli",
    history: withGhosts.history,
    summaryIndex: context.length,
    summaryText,
    ...(context.length > 0 ? { initialContext: { index: 0, count: context.length, anchor: "start" as const } } : {}),
    userMessages: userMessageFates(v, matcher, cut),
    pinnedIndexes: [],
    ghostIndexes: withGhosts.ghostIndexes,
    events: [],
    split: { cutIndex: toHistory(cut), summarizedItems: cut, keptItems: kept.length },
    diagnostics,
  };
}
