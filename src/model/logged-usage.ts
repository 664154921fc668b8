// The token usage an agent's session file records for one model request, as recorded (no recomputation), and what
// the agent's `input` figure means. Types only (pure).

/** How an agent's logged input figure relates to its cached figure (the agents differ; the report names it). */
export type UsageSemantics =
  /** `input` counts every prompt token; `cached` is the part of it served from the cache (OpenAI, Gemini). */
  | "input-includes-cached"
  /** `input` counts only uncached prompt tokens; cache reads and writes are counted apart (Anthropic, pi). */
  | "input-excludes-cached";

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
  input: number;
  cached: number;
  cacheWrite: number;
  output: number;
  reasoning?: number;
}
