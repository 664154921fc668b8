// What the loop reports while it runs: a discriminated union on `type` (snake_case tags). Types only (pure).
// A session log, a terminal renderer and telemetry are all just listeners of these events.
import type { CallItem, CallOutputItem, ResponseItem } from "../model/items.js";
import type { ResponsesRequest } from "../model/request.js";
import type { ModelUsage, ProviderError } from "./provider.js";

export type TurnStatus = "completed" | "max_steps" | "stopped" | "aborted" | "failed";

/** `escalated`: a person approved a call the sandbox would not allow, so it runs outside the sandbox. */
export type ToolDecision = { type: "allow"; escalated?: true } | { type: "deny"; reason: string };

export type LoopEvent =
  | { type: "turn_started"; sessionId: string; model: string }
  /** `newItems` are the input items appended since the previous request; `replaced` when the input was rewritten (compaction). */
  | { type: "request_compiled"; step: number; request: ResponsesRequest; newItems: ResponseItem[]; replaced: boolean }
  | { type: "text_delta"; step: number; delta: string }
  | { type: "reasoning_delta"; step: number; delta: string }
  | { type: "retry"; step: number; attempt: number; maxRetries: number; delayMs: number; reason: string }
  /** The model's finished reply for one request, as it will be sent back. */
  | { type: "model_response"; step: number; items: ResponseItem[]; usage?: ModelUsage; responseId?: string }
  | { type: "tool_call"; step: number; call: CallItem; decision: ToolDecision | { type: "invalid"; message: string } }
  | { type: "tool_result"; step: number; call: CallItem; output: CallOutputItem; success: boolean; durationMs: number }
  | {
      type: "compaction";
      step: number;
      reason: "usage-limit" | "context-window-exceeded";
      strategy: string;
      tokensBefore: number;
      /** The history that replaces the input from now on. */
      replacementHistory: ResponseItem[];
      summaryText: string;
      notices: string[];
    }
  /** Something was skipped or degraded but the turn goes on (malformed stream lines, a tool that threw). */
  | { type: "warning"; step: number; message: string; raw?: string }
  | { type: "error"; step: number; error: ProviderError }
  | { type: "turn_completed"; status: TurnStatus; steps: number; usage: ModelUsage; lastMessage: string };

export type LoopEventType = LoopEvent["type"];

export const ZERO_USAGE: ModelUsage = {
  inputTokens: 0,
  cachedInputTokens: 0,
  outputTokens: 0,
  reasoningOutputTokens: 0,
  totalTokens: 0,
};

export function addUsage(a: ModelUsage, b: ModelUsage | undefined): ModelUsage {
  if (!b) return a;
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    reasoningOutputTokens: a.reasoningOutputTokens + b.reasoningOutputTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}
