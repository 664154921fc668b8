// Which user messages are real user intent: contextual fragments and earlier summaries are not. Pure.
// Follows Codex's parse_turn_item: a message is contextual when any of its text parts is a fragment.
import { matchFragment } from "../fragments/markers.js";
import type { ResponseItem } from "../model/items.js";
import { isSummaryText, messageText, type SummaryMatcher } from "./summary.js";

export type UserMessageKind = "real" | "summary" | "contextual";

/** How a history item parses as a user message, or undefined when it is not a user message at all. */
export function classifyUserMessage(item: ResponseItem, matcher: SummaryMatcher): UserMessageKind | undefined {
  if (item.type !== "message" || item.role !== "user") return undefined;
  if (item.content.some((p) => p.type === "input_text" && matchFragment(p.text) !== undefined)) return "contextual";
  return isSummaryText(messageText(item.content), matcher) ? "summary" : "real";
}

export interface CollectedUserMessage {
  text: string;
  /** Index of the message in the history it came from. */
  index: number;
}

/** Real user messages with their history index, oldest first. */
export function collectUserMessageRecords(
  history: readonly ResponseItem[],
  matcher: SummaryMatcher,
): CollectedUserMessage[] {
  const out: CollectedUserMessage[] = [];
  history.forEach((item, index) => {
    if (item.type === "message" && classifyUserMessage(item, matcher) === "real")
      out.push({ text: messageText(item.content), index });
  });
  return out;
}

/** Codex's `collect_user_messages`: the text of every real user message, oldest first. */
export function collectUserMessages(history: readonly ResponseItem[], matcher: SummaryMatcher): string[] {
  return collectUserMessageRecords(history, matcher).map((m) => m.text);
}
