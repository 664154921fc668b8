// Folds a provider's StreamEvents into one model response: output items in order, usage, error. Pure.
// Items come from `output_item_done`; `response.completed.output` is the fallback for servers that skip them.
import type { ResponseItem } from "../model/items.js";
import type { ModelUsage, ProviderError, StreamEvent } from "./provider.js";

export interface CollectedResponse {
  items: ResponseItem[];
  usage?: ModelUsage;
  responseId?: string;
  error?: ProviderError;
  /** Malformed stream lines, with the reason they were skipped. */
  malformed: { raw: string; reason: string }[];
  completed: boolean;
}

export interface ResponseCollector {
  add(event: StreamEvent): void;
  result(): CollectedResponse;
}

export function createResponseCollector(): ResponseCollector {
  let done: { outputIndex: number; order: number; item: ResponseItem }[] = [];
  let fallback: ResponseItem[] | undefined;
  let state: Omit<CollectedResponse, "items"> = { malformed: [], completed: false };

  return {
    add(event) {
      switch (event.type) {
        case "output_item_done":
          // Sorted by output index, then arrival: servers that reuse index 0 keep their order.
          done.push({ outputIndex: event.outputIndex, order: done.length, item: event.item });
          return;
        case "completed":
          state.completed = true;
          if (event.usage) state.usage = event.usage;
          if (event.responseId) state.responseId = event.responseId;
          if (event.output) fallback = event.output;
          return;
        case "created":
          if (event.responseId) state.responseId = event.responseId;
          return;
        case "failed":
          state.error = event.error;
          return;
        case "malformed":
          state.malformed.push({ raw: event.raw, reason: event.reason });
          return;
        case "retry":
          // The provider sends the request again: what the failed attempt produced is void (its malformed lines stay reported).
          done = [];
          fallback = undefined;
          state = { malformed: state.malformed, completed: false };
          return;
        case "output_item_added":
        case "text_delta":
        case "reasoning_summary_delta":
        case "reasoning_text_delta":
        case "function_call_arguments_delta":
          return;
        default: {
          const never: never = event;
          throw new Error(`unhandled stream event ${JSON.stringify(never)}`);
        }
      }
    },
    result() {
      const ordered = [...done].sort((a, b) => a.outputIndex - b.outputIndex || a.order - b.order).map((d) => d.item);
      const items = ordered.length === 0 && fallback ? fallback : ordered;
      return { items, ...state, malformed: [...state.malformed] };
    },
  };
}

/** Function and custom tool calls of a response, in order. */
export function toolCallsOf(items: readonly ResponseItem[]) {
  return items.filter((i) => i.type === "function_call" || i.type === "custom_tool_call");
}

/** Concatenated `output_text` of the last assistant message among `items`, "" when there is none. */
export function lastAssistantMessageText(items: readonly ResponseItem[]): string {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item?.type === "message" && item.role === "assistant") {
      return item.content.map((p) => (p.type === "output_text" ? p.text : "")).join("");
    }
  }
  return "";
}
