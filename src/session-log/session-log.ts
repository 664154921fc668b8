// promptc's session log: JSONL records in the Codex rollout envelope ({timestamp, type, payload}), so every
// reader of rollouts (compact, diff, preview --session) reads promptc sessions too. Types + serialisation; pure.
import type { ResponseItem } from "../model/items.js";
import type { ToolSpec } from "../model/request.js";

/** `session_meta.originator` of the logs promptc writes (a Codex rollout names Codex's client instead). */
export const PROMPTC_ORIGINATOR = "promptc";

/** Whether promptc wrote the log (what it records differs from a Codex rollout: the full context window, …). */
export function isPromptcLog(meta: { originator?: string }): boolean {
  return meta.originator === PROMPTC_ORIGINATOR;
}

/** First line of every log. */
export interface SessionMetaPayload {
  id: string;
  cwd: string;
  originator: typeof PROMPTC_ORIGINATOR;
  cli_version: string;
  model_provider: string;
  timestamp: string;
  base_instructions?: { text: string };
}

/** Settings in force from this point on (one per turn). */
export interface TurnContextPayload {
  model: string;
  cwd: string;
  sandbox: string;
  approval: string;
  network_access?: boolean;
  /** Configured `writable_roots` (workspace-write). */
  writable_roots?: string[];
}

/**
 * What the model was told at this turn, in Codex 0.171.0's `world_state` shape (so one reader serves both):
 * `{full: true, state}` replaces the state, `{full: false, state}` merges into it. promptc writes a full state
 * per turn; `developer_instructions` is promptc's own key (Codex keeps none). See logged-settings.ts.
 */
export interface WorldStatePayload {
  full: boolean;
  state: {
    environments: {
      environments: { local: { cwd: string; shell: string } };
      current_date?: string;
      timezone?: string;
      filesystem?: string;
    };
    model: string;
    /** `{}` when the model was given no AGENTS.md text. */
    agents_md: { directory?: string; text?: string };
    permissions: { approved_command_prefixes: string[][] };
    developer_instructions: string | null;
  };
}

/** The compacted history replaces everything before it; `message` is the summary text ("" for remote). */
export interface CompactedPayload {
  message: string;
  replacement_history: ResponseItem[];
}

export interface TokenUsagePayload {
  input_tokens: number;
  cached_input_tokens: number;
  output_tokens: number;
  reasoning_output_tokens: number;
  total_tokens: number;
}

/**
 * One model request, logged right after the input items it added (so the history then is its `input`): diff and
 * replay rebuild the body from it. Tools and instructions are written in full only when they differ from the
 * previous request's (their hash always); `params` holds every other top-level field except `input`.
 */
export interface RequestSentPayload {
  type: "request_sent";
  input_items: number;
  tools_hash: string;
  tools?: ToolSpec[];
  instructions_hash?: string;
  instructions?: string;
  params: { [field: string]: unknown };
}

export type EventPayload =
  | RequestSentPayload
  | { type: "task_started"; model_context_window?: number }
  | {
      type: "token_count";
      info: {
        last_token_usage: TokenUsagePayload;
        total_token_usage: TokenUsagePayload;
        model_context_window?: number;
      };
    }
  | { type: "task_complete"; status: string; steps: number; last_agent_message: string }
  | { type: "error"; message: string; kind: string }
  | { type: "warning"; message: string };

export type SessionRecord =
  | { timestamp: string; type: "session_meta"; payload: SessionMetaPayload }
  | { timestamp: string; type: "turn_context"; payload: TurnContextPayload }
  | { timestamp: string; type: "world_state"; payload: WorldStatePayload }
  /** One history item: a request's new input item, a model output item, or a tool output. */
  | { timestamp: string; type: "response_item"; payload: ResponseItem }
  | { timestamp: string; type: "compacted"; payload: CompactedPayload }
  | { timestamp: string; type: "event_msg"; payload: EventPayload };

/** One line, newline-terminated: a reader sees whole records up to the last complete line after a crash. */
export function serializeSessionRecord(record: SessionRecord): string {
  return `${JSON.stringify(record)}\n`;
}
