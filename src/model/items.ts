// Responses API input items, as promptc models them. Types only (pure).
// Wire field names (snake_case) live here and in compile/assemble only.

export type MessageRole = "developer" | "user" | "assistant" | "system";

export interface InputTextPart {
  type: "input_text";
  text: string;
}
export interface OutputTextPart {
  type: "output_text";
  text: string;
  annotations?: unknown[];
}
export interface InputImagePart {
  type: "input_image";
  image_url: string;
  detail?: "auto" | "low" | "high" | "original";
}
export type ContentPart = InputTextPart | OutputTextPart | InputImagePart;

export interface MessageItem {
  type: "message";
  role: MessageRole;
  content: ContentPart[];
  /** Assistant messages may carry an id from the server; never sent by Codex. */
  id?: string;
  end_turn?: boolean;
  phase?: string;
}

export interface FunctionCallItem {
  type: "function_call";
  name: string;
  /** JSON text of the arguments, exactly as the model produced it. */
  arguments: string;
  call_id: string;
  id?: string;
  /** `completed` etc.; 0.171.0 sends it back (wire order: type, status, id, name, arguments, call_id). */
  status?: string;
}

export type FunctionCallOutputContent = string | ContentPart[];

export interface FunctionCallOutputItem {
  type: "function_call_output";
  call_id: string;
  output: FunctionCallOutputContent;
}

export interface CustomToolCallItem {
  type: "custom_tool_call";
  call_id: string;
  name: string;
  input: string;
  id?: string;
  status?: string;
}

export interface CustomToolCallOutputItem {
  type: "custom_tool_call_output";
  call_id: string;
  output: FunctionCallOutputContent;
}

export interface ReasoningSummaryPart {
  type: "summary_text";
  text: string;
}
export interface ReasoningContentPart {
  type: "reasoning_text" | "text";
  text: string;
}

export interface ReasoningItem {
  type: "reasoning";
  summary: ReasoningSummaryPart[];
  content?: ReasoningContentPart[];
  encrypted_content?: string | null;
  id?: string;
}

/** Opaque server-side compaction result (remote compaction). */
export interface CompactionItem {
  type: "compaction";
  encrypted_content: string;
  id?: string;
}

export interface GhostCommit {
  id: string;
  parent: string | null;
  preexisting_untracked_files: string[];
  preexisting_untracked_dirs: string[];
}

/** Undo snapshot kept in history; never sent to the model, costs 0 tokens. */
export interface GhostSnapshotItem {
  type: "ghost_snapshot";
  ghost_commit: GhostCommit;
}

export interface WebSearchCallItem {
  type: "web_search_call";
  id?: string;
  status?: string;
  action?: { type: string; query?: string; [key: string]: unknown };
}

/** Codex 0.171.0's tool list for code-mode models: the first input item, role developer (wire order: type, id, role, tools). */
export interface AdditionalToolsItem {
  type: "additional_tools";
  id?: string;
  role: "developer";
  tools: unknown[];
}

export type ResponseItem =
  | MessageItem
  | AdditionalToolsItem
  | FunctionCallItem
  | FunctionCallOutputItem
  | CustomToolCallItem
  | CustomToolCallOutputItem
  | ReasoningItem
  | CompactionItem
  | GhostSnapshotItem
  | WebSearchCallItem;

export type ResponseItemType = ResponseItem["type"];

/** Items that pair a call with its output through `call_id`. */
export type CallItem = FunctionCallItem | CustomToolCallItem;
export type CallOutputItem = FunctionCallOutputItem | CustomToolCallOutputItem;
