// The fake model's answers: classify a request by method and path, and render a minimal valid reply
// (server-sent events) in the dialect it asks for. Pure: strings in, strings out.
import type { WireDialect } from "./agent-adapter.js";
import type { ScriptedReply } from "./reply-script.js";

export type RequestKind =
  | { type: "model"; dialect: WireDialect }
  | { type: "models-list" }
  | { type: "count-tokens" }
  | { type: "other" };

export function classifyRequest(method: string, url: string): RequestKind {
  const path = url.split("?")[0] ?? url;
  if (method === "POST") {
    if (/\/count_tokens$/.test(path)) return { type: "count-tokens" };
    if (/\/responses$/.test(path)) return { type: "model", dialect: "responses" };
    if (/\/messages$/.test(path)) return { type: "model", dialect: "anthropic-messages" };
    if (/\/chat\/completions$/.test(path)) return { type: "model", dialect: "chat-completions" };
    if (/:(stream)?[gG]enerateContent$/.test(path)) return { type: "model", dialect: "gemini" };
  }
  if (method === "GET" && /\/models(\/|$)/.test(path)) return { type: "models-list" };
  return { type: "other" };
}

export interface HttpReply {
  status: number;
  headers: { [name: string]: string };
  /** Body chunks written in order (one SSE event each for streams). */
  chunks: string[];
}

const SSE_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache" };
const JSON_HEADERS = { "content-type": "application/json" };

function sse(events: [string | null, unknown][]): HttpReply {
  return {
    status: 200,
    headers: SSE_HEADERS,
    chunks: events.map(([name, data]) => (name ? `event: ${name}\n` : "") + `data: ${JSON.stringify(data)}\n\n`),
  };
}

function json(status: number, body: unknown): HttpReply {
  return { status, headers: JSON_HEADERS, chunks: [JSON.stringify(body)] };
}

const usageOf = (r: ScriptedReply) => ({
  input: r.usage?.inputTokens ?? 100,
  output: r.usage?.outputTokens ?? 5,
  cached: r.usage?.cachedTokens ?? 0,
});

/** The Responses stream in full: created, then per item added → (text part or argument deltas) → done, then
 * completed carrying the whole response. SDK stream helpers (OpenAI JS, used by Copilot CLI) rebuild the reply
 * from these events and find nothing when only `output_item.done` and a bare `completed` arrive. */
function responsesReply(r: ScriptedReply, seq: number): HttpReply {
  const id = `resp_${seq}`;
  const items: { [k: string]: unknown }[] = r.toolCalls.map((c, i) => ({
    type: "function_call",
    id: `fc_${seq}_${i}`,
    call_id: c.callId ?? `call_${seq}_${i}`,
    name: c.name,
    arguments: c.arguments,
    status: "completed",
  }));
  if (r.text !== undefined)
    items.unshift({
      type: "message",
      role: "assistant",
      id: `msg_${seq}`,
      status: "completed",
      content: [{ type: "output_text", text: r.text, annotations: [] }],
    });
  const u = usageOf(r);
  const usage = {
    input_tokens: u.input,
    input_tokens_details: { cached_tokens: u.cached },
    output_tokens: u.output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: u.input + u.output,
  };
  const response = { id, object: "response", status: "completed", output: items, usage };
  const events: [string, { [k: string]: unknown }][] = [
    ["response.created", { response: { ...response, status: "in_progress", output: [], usage: null } }],
  ];
  items.forEach((item, output_index) => {
    const item_id = item.id;
    if (item.type === "message") {
      const text = r.text ?? "";
      const part = { type: "output_text", text: "", annotations: [] };
      events.push(
        ["response.output_item.added", { output_index, item: { ...item, status: "in_progress", content: [] } }],
        ["response.content_part.added", { item_id, output_index, content_index: 0, part }],
        ["response.output_text.delta", { item_id, output_index, content_index: 0, delta: text }],
        ["response.output_text.done", { item_id, output_index, content_index: 0, text }],
        ["response.content_part.done", { item_id, output_index, content_index: 0, part: { ...part, text } }],
      );
    } else {
      const args = String(item.arguments);
      events.push(
        ["response.output_item.added", { output_index, item: { ...item, status: "in_progress", arguments: "" } }],
        ["response.function_call_arguments.delta", { item_id, output_index, delta: args }],
        ["response.function_call_arguments.done", { item_id, output_index, arguments: args }],
      );
    }
    events.push(["response.output_item.done", { output_index, item }]);
  });
  events.push(["response.completed", { response }]);
  return sse(events.map(([type, data], sequence_number) => [type, { type, sequence_number, ...data }]));
}

function messagesReply(r: ScriptedReply, seq: number): HttpReply {
  const u = usageOf(r);
  const events: [string, unknown][] = [
    [
      "message_start",
      {
        type: "message_start",
        message: {
          id: `msg_${seq}`,
          type: "message",
          role: "assistant",
          model: "promptc-capture",
          content: [],
          stop_reason: null,
          usage: { input_tokens: u.input, cache_read_input_tokens: u.cached, output_tokens: 1 },
        },
      },
    ],
  ];
  let index = 0;
  if (r.text !== undefined) {
    events.push([
      "content_block_start",
      { type: "content_block_start", index, content_block: { type: "text", text: "" } },
    ]);
    events.push([
      "content_block_delta",
      { type: "content_block_delta", index, delta: { type: "text_delta", text: r.text } },
    ]);
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
    index++;
  }
  for (const [i, c] of r.toolCalls.entries()) {
    events.push([
      "content_block_start",
      {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: c.callId ?? `toolu_${seq}_${i}`, name: c.name, input: {} },
      },
    ]);
    events.push([
      "content_block_delta",
      { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: c.arguments } },
    ]);
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
    index++;
  }
  const stop = r.toolCalls.length > 0 ? "tool_use" : "end_turn";
  events.push([
    "message_delta",
    { type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: u.output } },
  ]);
  events.push(["message_stop", { type: "message_stop" }]);
  return sse(events);
}

function chatReply(r: ScriptedReply, seq: number): HttpReply {
  const u = usageOf(r);
  const delta: { [k: string]: unknown } = { role: "assistant", content: r.text ?? null };
  if (r.toolCalls.length > 0) {
    delta.tool_calls = r.toolCalls.map((c, i) => ({
      index: i,
      id: c.callId ?? `call_${seq}_${i}`,
      type: "function",
      function: { name: c.name, arguments: c.arguments },
    }));
  }
  const finish = r.toolCalls.length > 0 ? "tool_calls" : "stop";
  const reply = sse([
    [null, { id: `chatcmpl_${seq}`, object: "chat.completion.chunk", choices: [{ index: 0, delta }] }],
    [
      null,
      {
        id: `chatcmpl_${seq}`,
        object: "chat.completion.chunk",
        choices: [{ index: 0, delta: {}, finish_reason: finish }],
        usage: { prompt_tokens: u.input, completion_tokens: u.output, total_tokens: u.input + u.output },
      },
    ],
  ]);
  reply.chunks.push("data: [DONE]\n\n");
  return reply;
}

// `:generateContent` (Gemini CLI's summariser and router calls) wants one JSON body; `:streamGenerateContent` SSE.
function geminiReply(r: ScriptedReply, stream: boolean): HttpReply {
  const u = usageOf(r);
  const parts: unknown[] = [];
  if (r.text !== undefined) parts.push({ text: r.text });
  for (const c of r.toolCalls)
    parts.push({ functionCall: { name: c.name, args: JSON.parse(c.arguments || "{}") as unknown } });
  const body = {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: u.input,
      candidatesTokenCount: u.output,
      totalTokenCount: u.input + u.output,
      cachedContentTokenCount: u.cached,
    },
  };
  return stream ? sse([[null, body]]) : json(200, body);
}

/** The answer to a model request (streamed unless `url` is Gemini's non-streaming path), or the scripted HTTP error. */
export function renderModelReply(dialect: WireDialect, reply: ScriptedReply, seq: number, url = ""): HttpReply {
  if (reply.error) {
    const type =
      reply.error.status === 429
        ? "rate_limit_error"
        : reply.error.status >= 500
          ? "api_error"
          : "invalid_request_error";
    return dialect === "anthropic-messages"
      ? json(reply.error.status, { type: "error", error: { type, message: reply.error.message } })
      : json(reply.error.status, { error: { message: reply.error.message, type, code: null } });
  }
  switch (dialect) {
    case "responses":
      return responsesReply(reply, seq);
    case "anthropic-messages":
      return messagesReply(reply, seq);
    case "chat-completions":
      return chatReply(reply, seq);
    case "gemini":
      return geminiReply(reply, !/:generateContent(\?|$)/.test(url));
    default: {
      const never: never = dialect;
      throw new Error(`unknown dialect ${String(never)}`);
    }
  }
}

/** Answer for requests that are not model turns: model lists, token counts, anything else. */
export function renderAuxReply(kind: Exclude<RequestKind["type"], "model">): HttpReply {
  switch (kind) {
    case "models-list":
      return json(200, { object: "list", data: [], models: [], has_more: false });
    case "count-tokens":
      return json(200, { input_tokens: 100 });
    case "other":
      return json(404, { error: { message: "promptc capture: no such endpoint", type: "not_found" } });
    default: {
      const never: never = kind;
      throw new Error(`unknown kind ${String(never)}`);
    }
  }
}

/** Reply once the `--turns` limit is spent: a non-retryable error so the agent stops. */
export function renderTurnLimitReply(dialect: WireDialect, limit: number): HttpReply {
  return renderModelReply(
    dialect,
    { toolCalls: [], error: { status: 400, message: `promptc capture: turn limit reached (--turns ${limit})` } },
    0,
  );
}
