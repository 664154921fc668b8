// What compactHistory takes and returns: options per strategy (a union on `strategy`, so each strategy states
// what it reads) and the report of what moved. Types and the strategy list only; pure.
import type { Diagnostic } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import type { UserMessageFate } from "./build-compacted-history.js";
import type { CodexEstimateMethod } from "./estimate-tokens.js";
import type { InsertionAnchor } from "./insert-initial-context.js";
import type { PinSelector } from "./pinned-blocks.js";
import type { SummaryRecognition } from "./summary.js";

export type CompactStrategyName = "codex-local" | "codex-remote" | "pi" | "claude-code" | "gemini-cli";
export const COMPACT_STRATEGIES: readonly CompactStrategyName[] = [
  "codex-local",
  "codex-remote",
  "pi",
  "claude-code",
  "gemini-cli",
];

/** What every strategy reads. */
export interface CompactBaseOptions extends SummaryRecognition {
  history: readonly ResponseItem[];
  /** Fresh initial context to re-inject by the insertion chain; omitted → nothing injected. */
  initialContext?: readonly ResponseItem[];
  pins?: readonly PinSelector[];
  /**
   * `history[0]` stays first and is neither compacted nor re-injected: the base-instructions developer message
   * of a request laid out like Codex 0.171.0 (no `instructions` field). All indexes still refer to `history`.
   */
  keepFirstItem?: boolean;
}

/** Codex's local compaction: the summariser's reply after the prefix, retained user messages within a budget. */
export interface CodexLocalCompactOptions extends CompactBaseOptions {
  strategy: "codex-local";
  /** The summariser's reply; "" when unknown (a dry run without --summary). */
  summaryReply?: string;
  maxUserTokens?: number;
}

/** Codex's remote compaction: the server's output, filtered, after trimming the request to the window. */
export interface CodexRemoteCompactOptions extends CompactBaseOptions {
  strategy: "codex-remote";
  /** The server's compacted output; omitted → simulated (kept user messages + a compaction item). */
  remoteOutput?: readonly ResponseItem[];
  /** Trimming target (the effective window). */
  contextWindow?: number;
  baseInstructions?: string;
  method?: CodexEstimateMethod;
}

/**
 * pi's compaction: a summary of everything before a cut point, recent tokens kept verbatim. `summaryPrefix` is the
 * lead sentence before `<summary>` (pi's prose: the user's copy, or a stand-in).
 */
export interface PiCompactOptions extends CompactBaseOptions {
  strategy: "pi";
  /** The summariser's reply; "" when unknown (a dry run without --summary). */
  summaryReply?: string;
  /** A split turn's second reply (the summary of the turn's start); "" when unknown. */
  turnPrefixReply?: string;
  /** Tokens kept verbatim before the summary cut. */
  keepRecentTokens?: number;
}

/**
 * Claude Code's compaction: one summary message, the last API round verbatim, the files read before it re-sent.
 * `summaryPrefix` is the lead sentence before the summary (Claude Code's prose: the user's copy, or a stand-in).
 */
export interface ClaudeCodeCompactOptions extends CompactBaseOptions {
  strategy: "claude-code";
  summaryReply?: string;
  /** Text after the summary (Claude Code's prose naming the transcript and asking to go on; or a stand-in). */
  summaryTrailer?: string;
  /** The lines that open a re-sent Read call and its result inside `<system-reminder>` (prose; or stand-ins). */
  readWrappers: { call: string; result: string };
}

/** Gemini CLI's chat compression: the oldest ~70% summarized, the summary acknowledged, the rest verbatim. */
export interface GeminiCliCompactOptions extends CompactBaseOptions {
  strategy: "gemini-cli";
  summaryReply?: string;
  /** The model turn Gemini CLI puts after the summary (its prose: recovered from a chat file, or a stand-in). */
  acknowledgement: string;
}

export type CompactOptions =
  | CodexLocalCompactOptions
  | CodexRemoteCompactOptions
  | PiCompactOptions
  | ClaudeCodeCompactOptions
  | GeminiCliCompactOptions;

export interface UserMessageReport {
  /** Index in the input history. */
  historyIndex: number;
  fate: UserMessageFate["fate"] | "summarized";
  tokens: number;
  keptTokens?: number;
  headBytes?: number;
  tailBytes?: number;
}

export interface CompactResult {
  strategy: CompactStrategyName;
  history: ResponseItem[];
  /** Index of the summary (or compaction item) in `history`; -1 when there is none. */
  summaryIndex: number;
  summaryText: string;
  initialContext?: { index: number; count: number; anchor: InsertionAnchor };
  userMessages: UserMessageReport[];
  /** Indexes in `history` of re-emitted pinned blocks and of ghost snapshots. */
  pinnedIndexes: number[];
  ghostIndexes: number[];
  /** Events a harness would show (Codex's warning for local compaction). */
  events: string[];
  remote?: { trimmed: ResponseItem[]; simulated: boolean; requestSkipped: boolean };
  pi?: { cutIndex: number; splitTurn: boolean; turnStartIndex: number; summarizedItems: number; keptItems: number };
  /** Claude Code and Gemini CLI: where the verbatim part starts (index in the input history) and its size. */
  split?: { cutIndex: number; summarizedItems: number; keptItems: number };
  diagnostics: Diagnostic[];
}
