// The model-provider port the loop talks to: streamed events, classified errors, usage, optional remote compaction.
// Types only (pure); implementations live in providers/ (Responses over fetch, faux for tests).
import type { ResponseItem } from "../model/items.js";
import type { ResponsesRequest, ToolSpec, ReasoningParams, JsonSchema } from "../model/request.js";

/** Token usage as a provider reports it for one response. */
export interface ModelUsage {
  inputTokens: number;
  /** Input tokens served from the provider's prefix cache. */
  cachedInputTokens: number;
  outputTokens: number;
  reasoningOutputTokens: number;
  totalTokens: number;
}

export type ProviderErrorKind =
  /** The request does not fit the model's context window: compact and retry. */
  | "context_window_exceeded"
  /** 429 after the retries were spent. */
  | "rate_limited"
  /** 5xx after the retries were spent. */
  | "server"
  /** 4xx other than 429 and context overflow (bad request, auth, quota): not retried. */
  | "client"
  /** fetch failed or the stream broke off. */
  | "network"
  | "aborted"
  /** The stream ended without `response.completed`, or the server sent `response.failed` / `error`. */
  | "stream";

export interface ProviderError {
  kind: ProviderErrorKind;
  message: string;
  status?: number;
  /** Provider error code, e.g. `context_length_exceeded`. */
  code?: string;
}

/** What a provider streams. Deltas are for display; `output_item_done` items are what gets recorded. */
export type StreamEvent =
  | { type: "created"; responseId?: string }
  | { type: "output_item_added"; outputIndex: number; item: { type: string; [key: string]: unknown } }
  | { type: "output_item_done"; outputIndex: number; item: ResponseItem }
  | { type: "text_delta"; outputIndex: number; delta: string }
  | { type: "reasoning_summary_delta"; outputIndex: number; summaryIndex: number; delta: string }
  | { type: "reasoning_text_delta"; outputIndex: number; delta: string }
  | { type: "function_call_arguments_delta"; outputIndex: number; delta: string }
  | { type: "completed"; responseId?: string; usage?: ModelUsage; output?: ResponseItem[] }
  | { type: "failed"; error: ProviderError }
  /** A line or event the parser could not use; reported, never fatal. */
  | { type: "malformed"; raw: string; reason: string }
  /** The provider is about to retry after a retryable failure. */
  | { type: "retry"; attempt: number; maxRetries: number; delayMs: number; reason: string };

export interface StreamOptions {
  signal?: AbortSignal;
  /** Sent as the `session_id` header; the faux provider keys its cache simulation on it. */
  sessionId?: string;
}

/** Body of a remote compaction call (`POST /responses/compact`): no summarisation prompt, the tools as sent. */
export interface RemoteCompactRequest {
  model: string;
  input: ResponseItem[];
  instructions?: string;
  tools: ToolSpec[];
  parallel_tool_calls: boolean;
  reasoning?: ReasoningParams | null;
  text?: { verbosity?: "low" | "medium" | "high"; format?: JsonSchema };
}

export type RemoteCompactResult = { ok: true; output: ResponseItem[] } | { ok: false; error: ProviderError };

/**
 * A model endpoint.
 * Contract: `stream` never throws for network or server trouble; it yields a `failed` event and ends.
 * Every stream ends with exactly one `completed` or `failed` event.
 */
export interface ModelProvider {
  readonly name: string;
  stream(request: ResponsesRequest, options?: StreamOptions): AsyncIterable<StreamEvent>;
  /** Remote compaction, when the endpoint offers it. */
  compact?(request: RemoteCompactRequest, options?: StreamOptions): Promise<RemoteCompactResult>;
}
