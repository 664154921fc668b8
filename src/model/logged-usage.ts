// The token usage an agent's session file records for one model request, as recorded (no recomputation), and what
// the agent's `input` figure means. Types only (pure).

/** How an agent's logged input figure relates to its cached figure (the agents differ; the report names it). */
export type UsageSemantics =
  /** `input` counts every prompt token; `cached` is the part of it served from the cache (OpenAI, Gemini). */
  | "input-includes-cached"
  /** `input` counts only uncached prompt tokens; cache reads and writes are counted apart (Anthropic, pi). */
  | "input-excludes-cached";

/** The provider whose prompt cache served a session (cache/provider-cache-facts.ts has what each one does). */
export type CacheProvider = "openai" | "anthropic" | "google";

/** What a logged request was for. */
export type LoggedRequestKind = "turn" | "compaction" | "subagent";

export interface LoggedUsage {
  kind: LoggedRequestKind;
  /** The 1-based line of the log that records it. */
  line: number;
  /** ISO time the agent recorded it. */
  at?: string;
  model?: string;
  /** The provider's id for the request or its reply, when the log keeps one. */
  id?: string;
  /** The id of the log's own record of the request it answers (Claude Code's `api-request`). */
  ref?: string;
  input: number;
  cached: number;
  cacheWrite: number;
  output: number;
  reasoning?: number;
}

/** What a session changed between two requests, in the user's terms. */
export type SessionChange =
  | "tools"
  | "instructions"
  | "skills"
  | "environment"
  | "permissions"
  | "system-prompt"
  | "parameters";

/** Something a log records between requests that can explain a cache miss. */
export type SessionEvent = { line: number; at?: string } & (
  | {
      type: "compaction";
      /** The summary text the agent stored. */
      summary?: string;
      tokensBefore?: number;
      tokensAfter?: number;
      /** Items or messages in the history after it. */
      itemsAfter?: number;
      /** Items or messages it removed. */
      itemsDropped?: number;
    }
  | { type: "model-switch"; from?: string; to: string }
  | { type: "changed"; what: SessionChange; detail: string }
);

/**
 * One request as the log records what was sent, as layers in prompt order (system, tools, then each message), each
 * by a hash, so two requests can be compared for where they first differ.
 */
export interface LoggedRequestLayers {
  /** The id `LoggedUsage.ref` names. */
  id: string;
  model?: string;
  layers: { name: string; hash: string; label: string }[];
}

/** A session's requests and events as its log records them. */
export interface SessionUsage {
  usage: LoggedUsage[];
  events: SessionEvent[];
  /** The session total the log itself states, when it keeps one (Codex's `total_token_usage`). */
  recordedTotal?: { input: number; cached: number; cacheWrite: number; output: number };
  /** What each request sent, when the log records it (Claude Code 2.1's `api-request` records). */
  sent?: LoggedRequestLayers[];
}
