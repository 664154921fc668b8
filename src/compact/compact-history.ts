// One interface over three compaction strategies (Codex local, Codex remote, pi), with a report of what moved.
// Pure: the summary text comes in as data; nothing here calls a model.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import { compactCodexLocal } from "./codex-local-strategy.js";
import { compactCodexRemote } from "./codex-remote-strategy.js";
import type { CodexEstimateMethod } from "./estimate-tokens.js";
import type { InsertionAnchor } from "./insert-initial-context.js";
import type { PinSelector } from "./pinned-blocks.js";
import { compactPi } from "./pi-strategy.js";
import type { UserMessageFate } from "./build-compacted-history.js";
import type { SummaryMatcher } from "./summary.js";

export type CompactStrategyName = "codex-local" | "codex-remote" | "pi";
export const COMPACT_STRATEGIES: readonly CompactStrategyName[] = ["codex-local", "codex-remote", "pi"];

export interface CompactOptions {
  strategy: CompactStrategyName;
  history: readonly ResponseItem[];
  /** Prose put before the summary reply (a template's text or a user file). */
  summaryPrefix: string;
  /** The summariser's reply; "" when unknown (a dry run without --summary). */
  summaryReply?: string;
  /** Extra ways to recognise earlier summaries (the prefix itself is always recognised). */
  knownSummaries?: ReadonlySet<string>;
  /** Extra summary prefixes, e.g. the prefix of the harness that wrote the log. */
  extraSummaryPrefixes?: readonly string[];
  /** Fresh initial context to re-inject by the insertion chain; omitted → nothing injected. */
  initialContext?: readonly ResponseItem[];
  maxUserTokens?: number;
  pins?: readonly PinSelector[];
  /** codex-remote: the server's compacted output; omitted → simulated (kept user messages + a compaction item). */
  remoteOutput?: readonly ResponseItem[];
  /** codex-remote: trimming target (the effective window); pi: unused. */
  contextWindow?: number;
  baseInstructions?: string;
  /** pi: tokens kept verbatim before the summary cut. */
  keepRecentTokens?: number;
  method?: CodexEstimateMethod;
  /**
   * `history[0]` stays first and is neither compacted nor re-injected: the base-instructions developer message
   * of a request laid out like Codex 0.171.0 (no `instructions` field). All indexes still refer to `history`.
   */
  keepFirstItem?: boolean;
}

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
  diagnostics: Diagnostic[];
}

export function summaryMatcherFor(options: Pick<CompactOptions, "summaryPrefix" | "knownSummaries" | "extraSummaryPrefixes">): SummaryMatcher {
  const prefixes = [options.summaryPrefix, ...(options.extraSummaryPrefixes ?? [])];
  return options.knownSummaries ? { prefixes, texts: options.knownSummaries } : { prefixes };
}

export function compactHistory(options: CompactOptions): CompactResult {
  const first = options.keepFirstItem ? options.history[0] : undefined;
  if (first === undefined) return compactWith(options);
  return withFirstItem(compactWith({ ...options, history: options.history.slice(1) }), first);
}

function compactWith(options: CompactOptions): CompactResult {
  switch (options.strategy) {
    case "codex-local":
      return compactCodexLocal(options);
    case "codex-remote":
      return compactCodexRemote(options);
    case "pi":
      return compactPi(options);
    default: {
      const never: never = options.strategy;
      throw new Error(`unknown compaction strategy ${String(never)}`);
    }
  }
}

/** Append pins and ghosts after `history` and record where they landed. */
export function appendPinsAndGhosts(
  history: readonly ResponseItem[],
  pinned: readonly ResponseItem[],
  ghosts: readonly ResponseItem[],
): { history: ResponseItem[]; pinnedIndexes: number[]; ghostIndexes: number[] } {
  const out = [...history, ...pinned, ...ghosts];
  const pinnedIndexes = pinned.map((_, i) => history.length + i);
  const ghostIndexes = ghosts.map((_, i) => history.length + pinned.length + i);
  return { history: out, pinnedIndexes, ghostIndexes };
}

/** Put `item` back first: every index (into the input and into the result) moves by one. */
function withFirstItem(result: CompactResult, item: ResponseItem): CompactResult {
  const shift = (i: number) => (i < 0 ? i : i + 1);
  return {
    ...result,
    history: [item, ...result.history],
    summaryIndex: shift(result.summaryIndex),
    ...(result.initialContext ? { initialContext: { ...result.initialContext, index: shift(result.initialContext.index) } } : {}),
    userMessages: result.userMessages.map((m) => ({ ...m, historyIndex: shift(m.historyIndex) })),
    pinnedIndexes: result.pinnedIndexes.map(shift),
    ghostIndexes: result.ghostIndexes.map(shift),
    ...(result.pi ? { pi: { ...result.pi, cutIndex: shift(result.pi.cutIndex), turnStartIndex: shift(result.pi.turnStartIndex) } } : {}),
    diagnostics: result.diagnostics.map((d) => (d.rule === "compact/history-replaced" ? historyReplaced(Number(d.data?.before) + 1, result.history.length + 1, d.data?.context === true) : d)),
  };
}

/** Reported by the local strategy: what a compaction replaces (nothing silent). */
export function historyReplaced(before: number, after: number, context: boolean): Diagnostic {
  return diagnostic("compact/history-replaced", "info", `${before} item(s) replaced by ${after}: only real user messages, the summary${context ? ", the initial context" : ""} and ghost snapshots carry over`, {
    data: { before, after, context },
  });
}
