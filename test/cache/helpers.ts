// Small builders for cache tests.
import type { MessageItem, ResponseItem } from "../../src/model/items.js";
import type { ResponsesRequest } from "../../src/model/request.js";

export function msg(role: MessageItem["role"], text: string): MessageItem {
  return { type: "message", role, content: [{ type: role === "assistant" ? "output_text" : "input_text", text }] };
}

export function req(input: ResponseItem[], over: Partial<ResponsesRequest> = {}): ResponsesRequest {
  return {
    model: "gpt-test",
    stream: true,
    input,
    tools: [{ type: "function", name: "shell", description: "run", strict: false, parameters: { type: "object" } }],
    tool_choice: "auto",
    parallel_tool_calls: true,
    reasoning: null,
    store: false,
    include: [],
    prompt_cache_key: "thread-1",
    ...over,
  };
}

/** One token per character: makes token numbers easy to check by hand. */
export const charTokens = (text: string): number => text.length;
