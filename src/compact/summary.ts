// Compaction summaries: how a summary message is written and recognised, and message-text helpers. Pure.
// The prefix is prose and comes from a template or a user file; only its mechanics live here.
import type { ContentPart, MessageItem, ResponseItem } from "../model/items.js";
import { messageText } from "../model/message-text.js";

// Re-exported: compaction's public API has always offered it.
export { messageText };

/** Text used when a compaction produced no summary at all (Codex's fallback literal). */
export const NO_SUMMARY_TEXT = "(no summary available)";

/** How to recognise earlier summaries: by prefix (`prefix + "\n"` starts the text) or by exact known text. */
export interface SummaryMatcher {
  prefixes: readonly string[];
  /** Exact summary texts learned from a log (e.g. a rollout's `compacted.message`). */
  texts?: ReadonlySet<string>;
}

/** How a caller names the summaries to recognise: its own prefix, plus what it learned elsewhere. */
export interface SummaryRecognition {
  /** Prose put before the summary reply (a template's text or a user file); always recognised. */
  summaryPrefix: string;
  /** Extra ways to recognise earlier summaries: exact texts (e.g. from a log). */
  knownSummaries?: ReadonlySet<string>;
  /** Extra summary prefixes, e.g. the prefix of the harness that wrote the log. */
  extraSummaryPrefixes?: readonly string[];
}

export function summaryMatcherFor(options: SummaryRecognition): SummaryMatcher {
  const prefixes = [options.summaryPrefix, ...(options.extraSummaryPrefixes ?? [])];
  return options.knownSummaries ? { prefixes, texts: options.knownSummaries } : { prefixes };
}

export function isSummaryText(text: string, matcher: SummaryMatcher): boolean {
  if (matcher.texts?.has(text)) return true;
  return matcher.prefixes.some((prefix) => prefix !== "" && text.startsWith(prefix + "\n"));
}

/** The summary message text: prefix, a newline, then the model's reply. */
export function formatSummary(prefix: string, reply: string): string {
  return `${prefix}\n${reply}`;
}

export function userTextMessage(text: string): MessageItem {
  return { type: "message", role: "user", content: [{ type: "input_text", text }] };
}

/** Codex's `content_items_to_text`: non-empty text segments joined by newlines; undefined when none. */
export function contentItemsToText(content: readonly ContentPart[]): string | undefined {
  const segments = content.flatMap((p) =>
    (p.type === "input_text" || p.type === "output_text") && p.text !== "" ? [p.text] : [],
  );
  return segments.length === 0 ? undefined : segments.join("\n");
}

/** Text of the newest assistant message in history ("" when there is none): what a summariser replied. */
export function summaryReplyFromHistory(history: readonly ResponseItem[]): string {
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i];
    if (item?.type === "message" && item.role === "assistant") return messageText(item.content);
  }
  return "";
}
