// Compaction that needs a model: local summarisation through provider.stream, or the remote /responses/compact call.
// Both sit behind one Compactor interface; what the new history looks like is decided by src/compact (pure).
import type { ResponseItem } from "../model/items.js";
import type { ResponsesRequest } from "../model/request.js";
import {
  compactHistory,
  planLocalRetry,
  startLocalCompact,
  trimForRemote,
  userTextMessage,
  withoutGhostSnapshots,
  REMOTE_COMPACT_ERROR_PREFIX,
  type AttemptOutcome,
} from "../compact/index.js";
import { createResponseCollector, lastAssistantMessageText } from "./collect-response.js";
import type { ModelProvider, ProviderError } from "./provider.js";

export interface CompactionInput {
  /** The full input of the request that is too big (or crossed the limit). */
  request: ResponsesRequest;
  signal?: AbortSignal;
  phase?: "pre-turn" | "mid-turn";
  /**
   * The request whose initial context is re-injected (default: `request`). Pre-turn, pass the next turn's fresh
   * compile: Codex 0.171.0 re-injects the current context before the last real user message in both phases.
   */
  contextSource?: ResponsesRequest;
}

export type CompactionOutcome =
  | {
      ok: true;
      history: ResponseItem[];
      strategy: string;
      summaryText: string;
      /** The model's own reply (local summarisation), before the summary prefix. */
      summaryReply?: string;
      notices: string[];
    }
  | { ok: false; error: ProviderError; notices: string[] };

/** Contract: never throws; failures come back as `{ ok: false }`. */
export interface Compactor {
  compact(input: CompactionInput): Promise<CompactionOutcome>;
}

export interface ModelCompactorOptions {
  provider: ModelProvider;
  /** "remote" uses provider.compact and falls back to local when the provider has none. */
  mode: "local" | "remote";
  /** Prose placed before the summary reply (a template's text). */
  summaryPrefix: string;
  /** The instruction sent as the last user message of a local summarisation request. */
  compactPrompt: string;
  /** Fresh initial context re-injected after a mid-turn compaction (developer + contextual items). */
  initialContext?: (request: ResponsesRequest) => ResponseItem[];
  /** Stream retries per summarisation attempt. */
  maxRetries?: number;
  contextWindow?: number;
  sessionId?: string;
}

export function createModelCompactor(options: ModelCompactorOptions): Compactor {
  const maxRetries = options.maxRetries ?? 4;

  const contextFor = (input: CompactionInput): { initialContext?: ResponseItem[] } => {
    if (!options.initialContext) return {};
    const source = input.contextSource ?? input.request;
    const context = options.initialContext(source);
    // The base-instructions item stays first in the history; it is never re-injected.
    const items = hasBaseInstructionsItem(source) && context[0] === source.input[0] ? context.slice(1) : context;
    return items.length > 0 ? { initialContext: items } : {};
  };

  async function local(input: CompactionInput): Promise<CompactionOutcome> {
    const { request, signal } = input;
    const history = request.input;
    // A base-instructions item is sent with every attempt and never trimmed away by the retry loop.
    const first = hasBaseInstructionsItem(request) ? history.slice(0, 1) : [];
    let state = startLocalCompact([
      ...withoutGhostSnapshots(history.slice(first.length)),
      userTextMessage(options.compactPrompt),
    ]);
    const notices: string[] = [];
    for (;;) {
      const collector = createResponseCollector();
      // The summariser sees no tools: it must answer in text.
      const summaryRequest: ResponsesRequest = {
        ...request,
        input: [...first, ...state.input],
        tools: [],
        store: false,
      };
      for await (const event of options.provider.stream(summaryRequest, {
        ...(signal ? { signal } : {}),
        ...(options.sessionId ? { sessionId: options.sessionId } : {}),
      })) {
        collector.add(event);
      }
      const result = collector.result();
      if (result.error?.kind === "aborted") return { ok: false, error: result.error, notices };
      const outcome: AttemptOutcome = !result.error
        ? { type: "success" }
        : result.error.kind === "context_window_exceeded"
          ? { type: "context-window-exceeded" }
          : { type: "stream-error", message: result.error.message };
      const plan = planLocalRetry(state, outcome, maxRetries);
      if (plan.action === "fail")
        return { ok: false, error: result.error ?? { kind: "stream", message: plan.message ?? plan.reason }, notices };
      if (plan.action === "retry") {
        state = plan.state;
        if (plan.event) notices.push(plan.event);
        continue;
      }
      const summaryReply = lastAssistantMessageText(result.items);
      const compacted = compactHistory({
        strategy: "codex-local",
        history,
        summaryPrefix: options.summaryPrefix,
        summaryReply,
        keepFirstItem: hasBaseInstructionsItem(request),
        ...contextFor(input),
      });
      return {
        ok: true,
        history: compacted.history,
        strategy: "local",
        summaryText: compacted.summaryText,
        summaryReply,
        notices: [...notices, ...plan.events],
      };
    }
  }

  async function remote(input: CompactionInput): Promise<CompactionOutcome> {
    const { request, signal } = input;
    const trimmed = trimForRemote(request.input, { contextWindow: options.contextWindow });
    const result = await options.provider.compact!(
      {
        model: request.model,
        input: withoutGhostSnapshots(trimmed.history),
        ...(request.instructions === undefined ? {} : { instructions: request.instructions }),
        tools: request.tools,
        parallel_tool_calls: request.parallel_tool_calls,
        reasoning: request.reasoning,
        ...(request.text === undefined ? {} : { text: request.text }),
      },
      { ...(signal ? { signal } : {}), ...(options.sessionId ? { sessionId: options.sessionId } : {}) },
    );
    if (!result.ok)
      return {
        ok: false,
        error: { ...result.error, message: `${REMOTE_COMPACT_ERROR_PREFIX}: ${result.error.message}` },
        notices: [],
      };
    const compacted = compactHistory({
      strategy: "codex-remote",
      history: request.input,
      summaryPrefix: options.summaryPrefix,
      remoteOutput: result.output,
      keepFirstItem: hasBaseInstructionsItem(request),
      ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
      ...contextFor(input),
    });
    return {
      ok: true,
      history: compacted.history,
      strategy: "remote",
      summaryText: compacted.summaryText,
      notices: compacted.events,
    };
  }

  return {
    compact: (input) => (options.mode === "remote" && options.provider.compact ? remote(input) : local(input)),
  };
}

/**
 * A request without `instructions` carries its base instructions as its first developer message (the codex
 * profile, like Codex 0.171.0): that item stays first across compaction instead of moving with the context.
 */
export function hasBaseInstructionsItem(request: ResponsesRequest): boolean {
  const first = request.input[0];
  return request.instructions === undefined && first?.type === "message" && first.role === "developer";
}
