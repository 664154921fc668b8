// A scripted model provider for tests and docs: canned replies streamed as real events, plus prefix-cache accounting.
// No IO. Cached tokens = the cacheable common prefix with the previous request of the same session (src/cache).
import type { FunctionCallItem, MessageItem, ReasoningItem, ResponseItem } from "../../model/items.js";
import type { ResponsesRequest } from "../../model/request.js";
import { commonPrefix, type CacheModel } from "../../cache/index.js";
import type { CountTokens } from "../../tokens/count.js";
import { approxTokens } from "../../tokens/index.js";
import type {
  ModelProvider,
  ModelUsage,
  ProviderError,
  RemoteCompactResult,
  StreamEvent,
  StreamOptions,
} from "../provider.js";

export type FauxPart =
  | { type: "text"; text: string }
  | { type: "reasoning"; summary: string; encryptedContent?: string }
  | { type: "tool_call"; name: string; arguments: string; callId?: string };

export type FauxReply =
  | { type: "response"; parts: FauxPart[]; usage?: Partial<ModelUsage> }
  | { type: "error"; error: ProviderError }
  /** Streams the first parts, then waits until the request is aborted (for cancellation tests). */
  | { type: "stall"; parts: FauxPart[] };

export interface FauxContext {
  request: ResponsesRequest;
  /** 0-based number of this request across the provider's life. */
  index: number;
}

export type FauxStep = FauxReply | ((context: FauxContext) => FauxReply);

export interface FauxProviderOptions {
  replies?: FauxStep[];
  /** Replies for `compact()`; without them the provider offers no remote compaction. */
  compactReplies?: ResponseItem[][];
  /** Default: exact o200k_base counts (as simulateCache uses). */
  countTokens?: CountTokens;
  cacheModel?: CacheModel;
  /** Characters per streamed text delta. */
  chunkChars?: number;
}

export interface FauxProvider extends ModelProvider {
  /** Every request received, in order. */
  readonly requests: ResponsesRequest[];
  /** Usage reported for each request, in order. */
  readonly usages: ModelUsage[];
  append(...replies: FauxStep[]): void;
  pending(): number;
}

export const fauxText = (text: string): FauxPart => ({ type: "text", text });
export const fauxReasoning = (summary: string, encryptedContent?: string): FauxPart => ({
  type: "reasoning",
  summary,
  ...(encryptedContent === undefined ? {} : { encryptedContent }),
});
export const fauxToolCall = (name: string, args: object | string, callId?: string): FauxPart => ({
  type: "tool_call",
  name,
  arguments: typeof args === "string" ? args : JSON.stringify(args),
  ...(callId === undefined ? {} : { callId }),
});
export const fauxResponse = (parts: FauxPart[], usage?: Partial<ModelUsage>): FauxReply => ({
  type: "response",
  parts,
  ...(usage === undefined ? {} : { usage }),
});
export const fauxError = (kind: ProviderError["kind"], message: string): FauxReply => ({
  type: "error",
  error: { kind, message },
});

export function createFauxProvider(options: FauxProviderOptions = {}): FauxProvider {
  const queue: FauxStep[] = [...(options.replies ?? [])];
  const compactQueue = [...(options.compactReplies ?? [])];
  const requests: ResponsesRequest[] = [];
  const usages: ModelUsage[] = [];
  const previous = new Map<string, ResponsesRequest>();
  const chunk = Math.max(1, options.chunkChars ?? 8);
  let callCounter = 0;

  function inputUsage(request: ResponsesRequest, session: string): { inputTokens: number; cachedInputTokens: number } {
    const prev = previous.get(session);
    previous.set(session, request);
    const prefixOptions = {
      ...(options.countTokens ? { countTokens: options.countTokens } : {}),
      ...(options.cacheModel ? { cacheModel: options.cacheModel } : {}),
    };
    const r = commonPrefix(prev ?? request, request, prefixOptions);
    return { inputTokens: r.tokensB, cachedInputTokens: prev === undefined ? 0 : r.reusableTokens };
  }

  function toItem(part: FauxPart, index: number): ResponseItem {
    switch (part.type) {
      case "text":
        return {
          type: "message",
          role: "assistant",
          content: [{ type: "output_text", text: part.text }],
          id: `msg_faux_${index}`,
        } satisfies MessageItem;
      case "reasoning":
        return {
          type: "reasoning",
          summary: [{ type: "summary_text", text: part.summary }],
          ...(part.encryptedContent === undefined ? {} : { encrypted_content: part.encryptedContent }),
        } satisfies ReasoningItem;
      case "tool_call":
        return {
          type: "function_call",
          name: part.name,
          arguments: part.arguments,
          call_id: part.callId ?? `call_faux_${++callCounter}`,
        } satisfies FunctionCallItem;
      default: {
        const never: never = part;
        throw new Error(`unknown faux part ${JSON.stringify(never)}`);
      }
    }
  }

  function* partEvents(part: FauxPart, item: ResponseItem, outputIndex: number): Generator<StreamEvent> {
    yield { type: "output_item_added", outputIndex, item: { type: item.type } };
    const text = part.type === "text" ? part.text : part.type === "reasoning" ? part.summary : part.arguments;
    for (let i = 0; i < text.length; i += chunk) {
      const delta = text.slice(i, i + chunk);
      if (part.type === "text") yield { type: "text_delta", outputIndex, delta };
      else if (part.type === "reasoning")
        yield { type: "reasoning_summary_delta", outputIndex, summaryIndex: 0, delta };
      else yield { type: "function_call_arguments_delta", outputIndex, delta };
    }
    yield { type: "output_item_done", outputIndex, item };
  }

  async function* stream(request: ResponsesRequest, opts: StreamOptions = {}): AsyncGenerator<StreamEvent> {
    const index = requests.length;
    requests.push(structuredClone(request));
    const step = queue.shift();
    if (step === undefined)
      return yield {
        type: "failed",
        error: { kind: "client", message: `faux provider: no scripted reply for request ${index}` },
      };
    const reply = typeof step === "function" ? step({ request, index }) : step;
    if (opts.signal?.aborted) return yield { type: "failed", error: { kind: "aborted", message: "aborted" } };
    if (reply.type === "error") return yield { type: "failed", error: reply.error };
    const session = opts.sessionId ?? request.prompt_cache_key;
    const input = inputUsage(request, session);
    yield { type: "created", responseId: `resp_faux_${index}` };
    const items = reply.parts.map((part, i) => toItem(part, i));
    for (const [i, part] of reply.parts.entries()) {
      yield* partEvents(part, items[i]!, i);
      // Yield to the event loop so an abort raised by a consumer is seen between parts.
      await Promise.resolve();
      if (opts.signal?.aborted) return yield { type: "failed", error: { kind: "aborted", message: "aborted" } };
    }
    if (reply.type === "stall") {
      await new Promise<void>((resolve) => {
        if (opts.signal === undefined || opts.signal.aborted) return resolve();
        opts.signal.addEventListener("abort", () => resolve(), { once: true });
      });
      return yield { type: "failed", error: { kind: "aborted", message: "aborted" } };
    }
    const outputTokens = reply.parts.reduce(
      (sum, p) => sum + approxTokens(p.type === "text" ? p.text : p.type === "reasoning" ? p.summary : p.arguments),
      0,
    );
    const usage: ModelUsage = {
      ...input,
      outputTokens,
      reasoningOutputTokens: 0,
      totalTokens: input.inputTokens + outputTokens,
      ...reply.usage,
    };
    usages.push(usage);
    yield { type: "completed", responseId: `resp_faux_${index}`, usage, output: items };
  }

  const provider: FauxProvider = {
    name: "faux",
    requests,
    usages,
    stream,
    append: (...replies) => void queue.push(...replies),
    pending: () => queue.length,
  };
  if (options.compactReplies) {
    provider.compact = async (): Promise<RemoteCompactResult> => {
      const output = compactQueue.shift();
      return output === undefined
        ? { ok: false, error: { kind: "client", message: "faux provider: no scripted compaction" } }
        : { ok: true, output };
    };
  }
  return provider;
}
