// The core of Codex's local compaction: keep the newest user messages within a token budget, then the summary.
// Pure. Budgets use Codex's estimate (ceil(bytes/4)); the first message that does not fit is middle-truncated.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { MessageItem, ResponseItem } from "../model/items.js";
import { approxTokens, truncateMiddleDetailed } from "../tokens/index.js";
import { collectUserMessages } from "./collect-user-messages.js";
import { NO_SUMMARY_TEXT, userTextMessage } from "./summary.js";

/** Codex's budget for user messages carried over a compaction, in estimated tokens. */
export const COMPACT_USER_MESSAGE_MAX_TOKENS = 20_000;

export interface BuildCompactedHistoryOptions {
  /** Real user messages, oldest first. */
  userMessages: readonly string[];
  /** Whole summary message text (prefix + "\n" + reply); "" gives `(no summary available)`. */
  summaryText: string;
  maxUserTokens?: number;
}

export type UserMessageFate =
  | { fate: "kept"; tokens: number }
  | { fate: "truncated"; tokens: number; keptTokens: number; headBytes: number; tailBytes: number; marker: string }
  | { fate: "dropped"; tokens: number };

export type UserMessageOutcome = UserMessageFate & { index: number };

export interface BuildCompactedHistoryResult {
  /** Selected user messages in chronological order, then the summary. */
  history: MessageItem[];
  /** One entry per input message, in input order. */
  userMessages: UserMessageOutcome[];
  summaryText: string;
  /** Estimated tokens of the retained user text (head + tail bytes for the truncated one). */
  retainedUserTokens: number;
  diagnostics: Diagnostic[];
}

export function buildCompactedHistory(options: BuildCompactedHistoryOptions): BuildCompactedHistoryResult {
  const { userMessages } = options;
  const maxTokens = options.maxUserTokens ?? COMPACT_USER_MESSAGE_MAX_TOKENS;
  const fates: UserMessageOutcome[] = userMessages.map((text, index) => ({
    index,
    fate: "dropped",
    tokens: approxTokens(text),
  }));
  const selected: string[] = [];
  let remaining = Math.max(0, maxTokens);
  let retained = 0;
  for (let i = userMessages.length - 1; i >= 0 && remaining > 0; i--) {
    const text = userMessages[i]!;
    const tokens = fates[i]!.tokens;
    if (tokens <= remaining) {
      selected.push(text);
      fates[i] = { index: i, fate: "kept", tokens };
      remaining -= tokens;
      retained += tokens;
      continue;
    }
    const cut = truncateMiddleDetailed(text, { mode: "tokens", limit: remaining });
    selected.push(cut.text);
    const keptTokens = Math.ceil((cut.headBytes + cut.tailBytes) / 4);
    fates[i] = {
      index: i,
      fate: "truncated",
      tokens,
      keptTokens,
      headBytes: cut.headBytes,
      tailBytes: cut.tailBytes,
      marker: cut.marker,
    };
    retained += keptTokens;
    break;
  }
  selected.reverse();
  const summaryText = options.summaryText === "" ? NO_SUMMARY_TEXT : options.summaryText;
  const history = [...selected.map(userTextMessage), userTextMessage(summaryText)];
  return {
    history,
    userMessages: fates,
    summaryText,
    retainedUserTokens: retained,
    diagnostics: describe(fates, options.summaryText, maxTokens),
  };
}

function describe(fates: readonly UserMessageOutcome[], summaryText: string, maxTokens: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const f of fates) {
    if (f.fate === "truncated") {
      out.push(
        diagnostic(
          "compact/user-message-truncated",
          "info",
          `user message ${f.index + 1} middle-truncated from ${f.tokens} to ${f.keptTokens} estimated tokens to fit the ${maxTokens}-token budget`,
          {
            data: {
              index: f.index,
              tokens: f.tokens,
              keptTokens: f.keptTokens,
              headBytes: f.headBytes,
              tailBytes: f.tailBytes,
            },
          },
        ),
      );
    }
  }
  const dropped = fates.filter((f) => f.fate === "dropped");
  if (dropped.length > 0) {
    out.push(
      diagnostic(
        "compact/user-messages-dropped",
        "info",
        `${dropped.length} older user message(s) dropped: the ${maxTokens}-token budget was spent on newer ones`,
        {
          data: { count: dropped.length, tokens: dropped.reduce((n, f) => n + f.tokens, 0) },
        },
      ),
    );
  }
  if (summaryText === "")
    out.push(diagnostic("compact/no-summary", "warning", "the summary text is empty; the fallback text was used"));
  return out;
}

/** Replays a legacy rollout compaction (no replacement_history): retained user messages + the stored summary. */
export function rebuildLegacyCompaction(
  history: readonly ResponseItem[],
  summaryText: string,
  knownSummaries: ReadonlySet<string>,
): MessageItem[] {
  return buildCompactedHistory({
    userMessages: collectUserMessages(history, { prefixes: [], texts: knownSummaries }),
    summaryText,
  }).history;
}
