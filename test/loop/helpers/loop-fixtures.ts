// Shared fixtures for loop tests: a base request, small tools, event capture.
import type { ResponseItem } from "../../../src/model/items.js";
import type { ResponsesRequest } from "../../../src/model/request.js";
import type { LoopEvent } from "../../../src/loop/events.js";
import { toolSpecOf, type AnyTool, type ToolDefinition } from "../../../src/loop/tool.js";

export const user = (text: string): ResponseItem => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});
export const developer = (text: string): ResponseItem => ({
  type: "message",
  role: "developer",
  content: [{ type: "input_text", text }],
});
export const envContext = (cwd: string): ResponseItem =>
  user(`<environment_context>\n  <cwd>${cwd}</cwd>\n</environment_context>`);

export function baseRequest(
  tools: AnyTool[],
  input: ResponseItem[],
  over: Partial<ResponsesRequest> = {},
): ResponsesRequest {
  return {
    model: "faux-1",
    instructions: "You are a test agent.",
    input,
    tools: tools.map(toolSpecOf).sort((a, b) => (a.name < b.name ? -1 : 1)),
    tool_choice: "auto",
    parallel_tool_calls: true,
    reasoning: null,
    store: false,
    stream: true,
    include: [],
    prompt_cache_key: "session-1",
    ...over,
  };
}

export const echoTool: ToolDefinition<{ text: string }> = {
  name: "echo",
  kind: "read",
  description: "Echo text back.",
  parameters: {
    type: "object",
    properties: { text: { type: "string" } },
    required: ["text"],
    additionalProperties: false,
  },
  execute: async (args) => ({ output: `echo: ${args.text}`, success: true }),
};

export const writeNoteTool: ToolDefinition<{ path: string; text: string }> = {
  name: "write_note",
  kind: "write",
  description: "Write a note.",
  parameters: {
    type: "object",
    properties: { path: { type: "string" }, text: { type: "string" } },
    required: ["path", "text"],
  },
  execute: async (args) => ({ output: `wrote ${args.path}`, success: true }),
};

/** Waits until its signal aborts, then reports what it saw. */
export const waitTool: ToolDefinition<object> = {
  name: "wait",
  kind: "read",
  description: "Wait until cancelled.",
  parameters: { type: "object" },
  execute: (_args, context) =>
    new Promise((resolve) => {
      const stopped = () => resolve({ output: "wait: stopped by signal", success: false });
      // An abort that came before this tool started counts the same: the outcome never depends on timing.
      if (context.signal.aborted) stopped();
      else context.signal.addEventListener("abort", stopped, { once: true });
    }),
};

export function captureEvents() {
  const events: LoopEvent[] = [];
  return { events, onEvent: (e: LoopEvent) => void events.push(e), types: () => events.map((e) => e.type) };
}
