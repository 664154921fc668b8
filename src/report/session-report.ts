// What `promptc sessions FILE` reports on one session: every request's usage as logged, its cache-hit share, and
// for a request whose cached tokens fall short of the previous request's prefix, why; compactions; totals. Types
// only (the JSON output; its schema is session-report-schema.ts).
import type { CacheProvider } from "../cache/provider-cache-facts.js";
import type { LoggedRequestKind, SessionChange, UsageSemantics } from "../model/logged-usage.js";
import type { SessionAgent } from "../session-log/logged-session.js";

export type MissCauseKind = "compaction" | "model-switch" | SessionChange | "history" | "expired" | "unexplained";

export interface MissCause {
  kind: MissCauseKind;
  /** The first layer of the request that differs from the previous one, when the log lets promptc see it. */
  layer?: string;
  /** What changed, in the user's terms. */
  message: string;
}

export interface ReportRequest {
  /** 1-based, in the order the log records them. */
  n: number;
  line: number;
  at?: string;
  kind: LoggedRequestKind;
  model?: string;
  /** As logged (see the report's `usageSemantics`). */
  input: number;
  cached: number;
  cacheWrite: number;
  output: number;
  /** Every prompt token of the request (input, plus cache reads and writes where the agent counts them apart). */
  prompt: number;
  /** cached / prompt (0 for an empty prompt). */
  hitShare: number;
  /** Seconds since the previous request of the same thread. */
  gapSeconds?: number;
  miss?: {
    /** Tokens the previous request left in the cache for this one. */
    expected: number;
    /** expected − cached: prefix tokens billed again. */
    rebilled: number;
    cause: MissCause;
  };
  cost?: number;
  /** The request's layers in prompt order, when the log lets promptc see them: each marked changed when it
   * differs from the same place in the previous request of its thread (or is new). */
  layers?: { name: string; label: string; changed: boolean }[];
}

export interface ReportCompaction {
  line: number;
  /** The last request before it (0: before any). */
  afterRequest: number;
  /** Prompt tokens of the request before it and of the next one after it. */
  tokensBefore?: number;
  tokensAfter?: number;
  itemsAfter?: number;
  itemsDropped?: number;
  /** What was dropped, in words. */
  dropped: string;
  summaryChars?: number;
}

export interface UsageTotals {
  requests: number;
  input: number;
  cached: number;
  cacheWrite: number;
  output: number;
  prompt: number;
  rebilled: number;
  hitShare: number;
  cost?: number;
}

export interface SessionReport {
  file: string;
  agent: SessionAgent;
  sessionId?: string;
  cwd?: string;
  provider: CacheProvider;
  semantics: UsageSemantics;
  /** The agent's usage semantics and the provider's cache lifetime, in words. */
  usageNote: string;
  cacheLifetime: string;
  requests: ReportRequest[];
  compactions: ReportCompaction[];
  totals: UsageTotals;
  /** The session total the log itself records, when it has one (Codex), to check the sum against. */
  recordedTotal?: { input: number; cached: number; cacheWrite: number; output: number };
  worstMiss?: { request: number; rebilled: number; cause: MissCause };
  currency?: string;
  notes: string[];
}
