// The thin agent loop: request → model stream → tool calls → outputs → (compact) → repeat, until the model answers.
// It only sequences; every decision is a pure function or an injected hook. No IO of its own.
import type { CallItem, ResponseItem } from "../model/items.js";
import type { ResponsesRequest } from "../model/request.js";
import type { SandboxMode } from "../model/turn-context.js";
import { estimateHistoryTokens, shouldCompact, totalUsageTokens } from "../compact/index.js";
import { buildFollowUpRequest, withInput } from "./build-follow-up-request.js";
import {
  createResponseCollector,
  lastAssistantMessageText,
  toolCallsOf,
  type CollectedResponse,
} from "./collect-response.js";
import type { Compactor } from "./create-model-compactor.js";
import { addUsage, ZERO_USAGE, type LoopEvent, type TurnStatus } from "./events.js";
import { executeToolCall, type ToolCallHooks } from "./execute-tool-call.js";
import { mapWithConcurrency } from "./map-with-concurrency.js";
import {
  clampToolTimeout,
  MAX_STEPS_DEFAULT,
  resolveConcurrency,
  TOOL_TIMEOUT_DEFAULT_MS,
  type TimeoutBounds,
} from "./policy/limits.js";
import type { ModelProvider, ModelUsage } from "./provider.js";
import type { ToolRegistry } from "./tools/tool-registry.js";

export interface StepState {
  step: number;
  request: ResponsesRequest;
  response: CollectedResponse;
}

export interface LoopHooks extends ToolCallHooks {
  /** Rewrite a request just before it is sent (pruning, injection). Contract: pure, must not throw. */
  transformRequest?(request: ResponsesRequest, context: { step: number }): ResponsesRequest;
  /** End the turn after this step even though tool calls are pending. */
  shouldStop?(state: StepState): boolean;
}

export interface RunTurnOptions {
  provider: ModelProvider;
  /** The turn's first request, compiled in full (instructions, tools, context, the new user message). */
  request: ResponsesRequest;
  tools: ToolRegistry;
  cwd: string;
  sandbox: SandboxMode;
  sessionId: string;
  hooks?: LoopHooks;
  limits?: { maxSteps?: number; toolTimeoutMs?: number; toolTimeoutBounds?: TimeoutBounds; concurrency?: number };
  /** Auto-compaction: the token limit (from autoCompactLimit) and who compacts. */
  compaction?: { limit: number | undefined; compactor: Compactor };
  signal?: AbortSignal;
  onEvent?(event: LoopEvent): void;
  /** Milliseconds clock for durations; injected because the loop reads no clock itself. */
  now?: () => number;
}

export interface RunTurnResult {
  status: TurnStatus;
  /** The last request's input plus the final reply: the history after this turn. */
  history: ResponseItem[];
  steps: number;
  usage: ModelUsage;
  lastMessage: string;
}

export async function runTurn(options: RunTurnOptions): Promise<RunTurnResult> {
  const { provider, hooks = {}, signal = new AbortController().signal } = options;
  const emit = (event: LoopEvent) => options.onEvent?.(event);
  const maxSteps = options.limits?.maxSteps ?? MAX_STEPS_DEFAULT;
  const timeoutMs = clampToolTimeout(
    options.limits?.toolTimeoutMs ?? TOOL_TIMEOUT_DEFAULT_MS,
    options.limits?.toolTimeoutBounds,
  );
  const now = options.now ?? (() => 0);
  let request = options.request;
  let sentInput: readonly ResponseItem[] = [];
  let usage = ZERO_USAGE;
  let lastMessage = "";
  let step = 0;

  const finish = (status: TurnStatus, history: ResponseItem[]): RunTurnResult => {
    emit({ type: "turn_completed", status, steps: step, usage, lastMessage });
    return { status, history, steps: step, usage, lastMessage };
  };

  /** Replace the input with a compacted history; false when compaction failed (already reported). */
  const compact = async (reason: "usage-limit" | "context-window-exceeded", tokensBefore: number): Promise<boolean> => {
    if (!options.compaction) return false;
    const outcome = await options.compaction.compactor.compact({ request, signal });
    if (!outcome.ok) {
      emit({ type: "error", step, error: outcome.error });
      return false;
    }
    emit({
      type: "compaction",
      step,
      reason,
      strategy: outcome.strategy,
      tokensBefore,
      replacementHistory: outcome.history,
      summaryText: outcome.summaryText,
      notices: outcome.notices,
    });
    request = withInput(request, outcome.history);
    return true;
  };

  emit({ type: "turn_started", sessionId: options.sessionId, model: request.model });
  let compactedForOverflow = false;
  while (step < maxSteps) {
    step++;
    const sent = hooks.transformRequest ? hooks.transformRequest(request, { step }) : request;
    const extendsPrevious =
      sentInput.length <= sent.input.length && sentInput.every((item, i) => item === sent.input[i]);
    emit({
      type: "request_compiled",
      step,
      request: sent,
      newItems: sent.input.slice(extendsPrevious ? sentInput.length : 0),
      replaced: !extendsPrevious,
    });
    sentInput = sent.input;

    const response = await streamOnce(provider, sent, options.sessionId, signal, step, emit);
    usage = addUsage(usage, response.usage);
    if (response.error) {
      if (response.error.kind === "aborted") return finish("aborted", sent.input);
      emit({ type: "error", step, error: response.error });
      // Overflow: compact and retry this step once; a second overflow in a row ends the turn.
      if (
        response.error.kind === "context_window_exceeded" &&
        !compactedForOverflow &&
        (await compact("context-window-exceeded", estimateHistoryTokens(sent.input)))
      ) {
        compactedForOverflow = true;
        step--;
        continue;
      }
      return finish("failed", sent.input);
    }
    compactedForOverflow = false;
    emit({
      type: "model_response",
      step,
      items: response.items,
      ...(response.usage ? { usage: response.usage } : {}),
      ...(response.responseId ? { responseId: response.responseId } : {}),
    });
    lastMessage = lastAssistantMessageText(response.items) || lastMessage;
    const calls = toolCallsOf(response.items) as CallItem[];
    if (calls.length === 0) return finish("completed", buildFollowUpRequest(sent, response.items).input);

    const concurrency = sent.parallel_tool_calls ? resolveConcurrency(options.limits?.concurrency) : 1;
    const results = await mapWithConcurrency(calls, concurrency, async (call) => {
      const executed = await executeToolCall(call, {
        registry: options.tools,
        hooks,
        cwd: options.cwd,
        sandbox: options.sandbox,
        timeoutMs,
        signal,
        step,
        now,
        onDecision: (decision) => emit({ type: "tool_call", step, call, decision }),
      });
      if (executed.thrown) emit({ type: "warning", step, message: `tool ${call.name} threw: ${executed.thrown}` });
      emit({
        type: "tool_result",
        step,
        call,
        output: executed.output,
        success: executed.success,
        durationMs: executed.durationMs,
      });
      return executed.output;
    });
    request = buildFollowUpRequest(sent, [...response.items, ...results]);
    if (signal.aborted) return finish("aborted", request.input);
    if (hooks.shouldStop?.({ step, request, response })) return finish("stopped", request.input);

    const total = totalUsageTokens({
      lastReportedTotal: response.usage?.totalTokens ?? 0,
      history: request.input,
    }).total;
    const decision = shouldCompact({
      phase: "mid-turn",
      totalUsage: total,
      limit: options.compaction?.limit,
      followUpPending: true,
    });
    if (decision.compact) await compact("usage-limit", total);
  }
  return finish("max_steps", request.input);
}

async function streamOnce(
  provider: ModelProvider,
  request: ResponsesRequest,
  sessionId: string,
  signal: AbortSignal,
  step: number,
  emit: (event: LoopEvent) => void,
): Promise<CollectedResponse> {
  const collector = createResponseCollector();
  for await (const event of provider.stream(request, { signal, sessionId })) {
    collector.add(event);
    if (event.type === "text_delta") emit({ type: "text_delta", step, delta: event.delta });
    else if (event.type === "reasoning_summary_delta") emit({ type: "reasoning_delta", step, delta: event.delta });
    else if (event.type === "retry")
      emit({
        type: "retry",
        step,
        attempt: event.attempt,
        maxRetries: event.maxRetries,
        delayMs: event.delayMs,
        reason: event.reason,
      });
    else if (event.type === "malformed")
      emit({ type: "warning", step, message: `malformed stream line skipped: ${event.reason}`, raw: event.raw });
  }
  const result = collector.result();
  if (!result.completed && !result.error)
    return { ...result, error: { kind: "stream", message: "the provider ended the stream without completing" } };
  if (signal.aborted && !result.error) return { ...result, error: { kind: "aborted", message: "aborted" } };
  return result;
}
