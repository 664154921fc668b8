// The Responses API request body and tool specs. Types only (pure).
import type { ResponseItem } from "./items.js";

/** A JSON-schema object; kept loose on purpose (tools come from profiles and users). */
export type JsonSchema = { [key: string]: unknown };

export interface FunctionToolSpec {
  type: "function";
  name: string;
  description: string;
  strict: boolean;
  parameters: JsonSchema;
}

/** Freeform (grammar) tool, e.g. Codex's apply_patch in some configurations. */
export interface CustomToolSpec {
  type: "custom";
  name: string;
  description: string;
  format: { type: string; [key: string]: unknown };
}

/** Hosted tools such as web_search, carried as-is. */
export interface HostedToolSpec {
  type: "web_search" | "local_shell" | "image_generation" | "tool_search";
  [key: string]: unknown;
}

/** A group of function tools sent as one entry (Codex 0.171.0's `multi_agent_v1`). */
export interface NamespaceToolSpec {
  type: "namespace";
  name: string;
  description: string;
  tools: FunctionToolSpec[];
}

export type ToolSpec = FunctionToolSpec | CustomToolSpec | HostedToolSpec | NamespaceToolSpec;

export interface ReasoningParams {
  effort?: "minimal" | "low" | "medium" | "high" | "xhigh" | "none";
  summary?: "auto" | "concise" | "detailed";
  /** Codex 0.171.0 sends `all_turns` for responses-lite models (the catalogue's `use_responses_lite`). */
  context?: "all_turns";
}

/**
 * The body POSTed to `/responses`. Key order matters for byte-exactness:
 * compile/assemble emits keys in the profile's order, not this interface's.
 */
export interface ResponsesRequest {
  model: string;
  instructions?: string;
  stream: boolean;
  input: ResponseItem[];
  tools: ToolSpec[];
  tool_choice: "auto" | "none" | "required";
  parallel_tool_calls: boolean;
  reasoning: ReasoningParams | null;
  store: boolean;
  include: string[];
  service_tier?: string;
  prompt_cache_key: string;
  text?: { verbosity?: "low" | "medium" | "high"; format?: JsonSchema };
  client_metadata?: { [key: string]: string };
}
