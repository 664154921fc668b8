// Maps one SSE message of a Responses API stream to the provider's StreamEvents. Pure.
// Unusable payloads become `malformed` events carrying the raw text; nothing here throws.
import type { ResponseItem } from "../../model/items.js";
import type { ModelUsage, StreamEvent } from "../provider.js";
import { classifyProviderError } from "../classify-provider-error.js";
import type { SseMessage } from "./parse-sse.js";

type Json = { [key: string]: unknown };

/** Stream events that carry nothing the loop needs (their content arrives in other events). */
const IGNORED = new Set([
  "response.in_progress",
  "response.queued",
  "response.content_part.added",
  "response.content_part.done",
  "response.output_text.done",
  "response.output_text.annotation.added",
  "response.reasoning_summary_part.added",
  "response.reasoning_summary_part.done",
  "response.reasoning_summary_text.done",
  "response.reasoning_text.done",
  "response.function_call_arguments.done",
  "response.custom_tool_call_input.done",
  "response.refusal.done",
  "keepalive",
]);

export function parseResponsesEvent(message: SseMessage): StreamEvent[] {
  if (message.data.trim() === "[DONE]") return [];
  let payload: unknown;
  try {
    payload = JSON.parse(message.data);
  } catch {
    return [malformed(message, "data is not valid JSON")];
  }
  if (!isObject(payload)) return [malformed(message, "data is not a JSON object")];
  const type =
    typeof payload.type === "string" ? payload.type : message.event !== "message" ? message.event : undefined;
  if (type === undefined) return [malformed(message, "event has no type")];
  const index = typeof payload.output_index === "number" ? payload.output_index : 0;
  const delta = typeof payload.delta === "string" ? payload.delta : undefined;

  switch (type) {
    case "response.created": {
      const id =
        isObject(payload.response) && typeof payload.response.id === "string" ? payload.response.id : undefined;
      return [id === undefined ? { type: "created" } : { type: "created", responseId: id }];
    }
    case "response.output_item.added":
      if (!isObject(payload.item) || typeof payload.item.type !== "string")
        return [malformed(message, "output item without a type")];
      return [{ type: "output_item_added", outputIndex: index, item: payload.item as { type: string } }];
    case "response.output_item.done": {
      const problem = checkItem(payload.item);
      if (problem !== undefined) return [malformed(message, problem)];
      return [{ type: "output_item_done", outputIndex: index, item: payload.item as unknown as ResponseItem }];
    }
    case "response.output_text.delta":
    case "response.refusal.delta":
      return delta === undefined
        ? [malformed(message, "delta is not a string")]
        : [{ type: "text_delta", outputIndex: index, delta }];
    case "response.reasoning_summary_text.delta": {
      if (delta === undefined) return [malformed(message, "delta is not a string")];
      const summaryIndex = typeof payload.summary_index === "number" ? payload.summary_index : 0;
      return [{ type: "reasoning_summary_delta", outputIndex: index, summaryIndex, delta }];
    }
    case "response.reasoning_text.delta":
      return delta === undefined
        ? [malformed(message, "delta is not a string")]
        : [{ type: "reasoning_text_delta", outputIndex: index, delta }];
    case "response.function_call_arguments.delta":
    case "response.custom_tool_call_input.delta":
      return delta === undefined
        ? [malformed(message, "delta is not a string")]
        : [{ type: "function_call_arguments_delta", outputIndex: index, delta }];
    case "response.completed":
      return [completed(payload.response)];
    case "response.failed":
    case "response.incomplete":
      return [{ type: "failed", error: failure(type, payload.response) }];
    case "error": {
      const body = isObject(payload.error) ? payload.error : payload;
      return [{ type: "failed", error: classifyProviderError(errorFacts(body)) }];
    }
    default:
      // New event types appear as the API grows; anything we do not act on is skipped.
      return IGNORED.has(type) || type.startsWith("response.")
        ? []
        : [malformed(message, `unknown event type "${type.slice(0, 80)}"`)];
  }
}

export function parseUsage(value: unknown): ModelUsage | undefined {
  if (!isObject(value)) return undefined;
  const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  const inputTokens = num(value.input_tokens);
  const outputTokens = num(value.output_tokens);
  const inDetails = isObject(value.input_tokens_details) ? value.input_tokens_details : {};
  const outDetails = isObject(value.output_tokens_details) ? value.output_tokens_details : {};
  return {
    inputTokens,
    cachedInputTokens: num(inDetails.cached_tokens),
    outputTokens,
    reasoningOutputTokens: num(outDetails.reasoning_tokens),
    totalTokens: typeof value.total_tokens === "number" ? value.total_tokens : inputTokens + outputTokens,
  };
}

function completed(response: unknown): StreamEvent {
  const event: StreamEvent & { type: "completed" } = { type: "completed" };
  if (!isObject(response)) return event;
  if (typeof response.id === "string") event.responseId = response.id;
  const usage = parseUsage(response.usage);
  if (usage !== undefined) event.usage = usage;
  if (Array.isArray(response.output)) {
    const items = response.output.filter((item) => checkItem(item) === undefined) as ResponseItem[];
    event.output = items;
  }
  return event;
}

function failure(type: string, response: unknown) {
  if (isObject(response) && isObject(response.error)) return classifyProviderError(errorFacts(response.error));
  if (type === "response.incomplete") {
    const reason =
      isObject(response) && isObject(response.incomplete_details) ? response.incomplete_details.reason : undefined;
    return {
      kind: "stream" as const,
      message: `response incomplete: ${typeof reason === "string" ? reason : "unknown reason"}`,
    };
  }
  return { kind: "stream" as const, message: "response failed without an error object" };
}

function errorFacts(body: Json) {
  return {
    ...(typeof body.code === "string" ? { code: body.code } : typeof body.type === "string" ? { code: body.type } : {}),
    ...(typeof body.message === "string" ? { message: body.message } : {}),
  };
}

function checkItem(item: unknown): string | undefined {
  if (!isObject(item) || typeof item.type !== "string") return "output item without a type";
  if (item.type === "function_call") {
    if (typeof item.call_id !== "string" || typeof item.name !== "string" || typeof item.arguments !== "string") {
      return "function_call item without call_id, name or arguments";
    }
  }
  if (item.type === "custom_tool_call" && (typeof item.call_id !== "string" || typeof item.name !== "string")) {
    return "custom_tool_call item without call_id or name";
  }
  if (item.type === "message" && !Array.isArray(item.content)) return "message item without content";
  return undefined;
}

function malformed(message: SseMessage, reason: string): StreamEvent {
  return { type: "malformed", raw: message.raw, reason };
}

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
