// Turns loop events into session-log records: each history item logged once, each request as a `request_sent`
// record (input item count, tools/instructions when changed, parameters), compactions with their replacement
// history, usage per response. Pure (timestamps come from an injected clock); a sink writes the records.
import type { ResponseItem } from "../model/items.js";
import { hashText } from "../compile/hash.js";
import type { ResponsesRequest } from "../model/request.js";
import type { RequestSentPayload, SessionRecord, TokenUsagePayload } from "../session-log/session-log.js";
import { toInputItem } from "./build-follow-up-request.js";
import { addUsage, ZERO_USAGE, type LoopEvent } from "./events.js";
import type { ModelUsage } from "./provider.js";

export interface SessionRecorder {
  /** Records for one loop event, in order. */
  recordsFor(event: LoopEvent): SessionRecord[];
}

export interface SessionRecorderOptions {
  timestamp: () => string;
  contextWindow?: number;
  /** History already in the log (a resumed session): only items after it are logged. */
  initialHistory?: readonly ResponseItem[];
}

export function createSessionRecorder(options: SessionRecorderOptions): SessionRecorder {
  let mirror: ResponseItem[] = [...(options.initialHistory ?? [])];
  let total: ModelUsage = ZERO_USAGE;
  const at = () => options.timestamp();
  const items = (list: readonly ResponseItem[]): SessionRecord[] =>
    list.map((payload) => ({ timestamp: at(), type: "response_item", payload }));
  let last: { tools?: string; instructions?: string } = {};
  const requestSent = (request: ResponsesRequest): SessionRecord => {
    const { input, tools, instructions, ...params } = request;
    const payload: RequestSentPayload = {
      type: "request_sent",
      input_items: input.length,
      tools_hash: hashText(JSON.stringify(tools)),
      params,
    };
    if (payload.tools_hash !== last.tools) payload.tools = tools;
    if (instructions !== undefined) {
      payload.instructions_hash = hashText(instructions);
      if (payload.instructions_hash !== last.instructions) payload.instructions = instructions;
    }
    last = {
      tools: payload.tools_hash,
      ...(payload.instructions_hash !== undefined ? { instructions: payload.instructions_hash } : {}),
    };
    return { timestamp: at(), type: "event_msg", payload };
  };

  return {
    recordsFor(event) {
      switch (event.type) {
        case "turn_started":
          return [
            {
              timestamp: at(),
              type: "event_msg",
              payload: {
                type: "task_started",
                ...(options.contextWindow ? { model_context_window: options.contextWindow } : {}),
              },
            },
          ];
        case "request_compiled": {
          const input = event.request.input;
          const sent = requestSent(event.request);
          if (isPrefix(mirror, input)) {
            const fresh = input.slice(mirror.length);
            mirror = [...input];
            return [...items(fresh), sent];
          }
          // The input was rewritten (a transformRequest hook): log it as a replacement so replay stays exact.
          mirror = [...input];
          return [
            { timestamp: at(), type: "compacted", payload: { message: "", replacement_history: [...input] } },
            sent,
          ];
        }
        case "model_response": {
          const out = event.items.map(toInputItem);
          mirror.push(...out);
          const records = items(out);
          if (event.usage) {
            total = addUsage(total, event.usage);
            records.push({
              timestamp: at(),
              type: "event_msg",
              payload: {
                type: "token_count",
                info: {
                  last_token_usage: usagePayload(event.usage),
                  total_token_usage: usagePayload(total),
                  ...(options.contextWindow ? { model_context_window: options.contextWindow } : {}),
                },
              },
            });
          }
          return records;
        }
        case "tool_result":
          mirror.push(event.output);
          return items([event.output]);
        case "compaction":
          mirror = [...event.replacementHistory];
          return [
            {
              timestamp: at(),
              type: "compacted",
              payload: { message: event.summaryText, replacement_history: [...event.replacementHistory] },
            },
          ];
        case "error":
          return [
            {
              timestamp: at(),
              type: "event_msg",
              payload: { type: "error", message: event.error.message, kind: event.error.kind },
            },
          ];
        case "warning":
          return [{ timestamp: at(), type: "event_msg", payload: { type: "warning", message: event.message } }];
        case "turn_completed":
          return [
            {
              timestamp: at(),
              type: "event_msg",
              payload: {
                type: "task_complete",
                status: event.status,
                steps: event.steps,
                last_agent_message: event.lastMessage,
              },
            },
          ];
        case "text_delta":
        case "reasoning_delta":
        case "retry":
        case "tool_call":
          return [];
        default: {
          const never: never = event;
          throw new Error(`unhandled loop event ${JSON.stringify(never)}`);
        }
      }
    },
  };
}

function usagePayload(u: ModelUsage): TokenUsagePayload {
  return {
    input_tokens: u.inputTokens,
    cached_input_tokens: u.cachedInputTokens,
    output_tokens: u.outputTokens,
    reasoning_output_tokens: u.reasoningOutputTokens,
    total_tokens: u.totalTokens,
  };
}

function isPrefix(prefix: readonly ResponseItem[], items: readonly ResponseItem[]): boolean {
  if (prefix.length > items.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    if (prefix[i] !== items[i] && JSON.stringify(prefix[i]) !== JSON.stringify(items[i])) return false;
  }
  return true;
}
