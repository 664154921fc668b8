// What a Copilot CLI 1.0.102 session file (`~/.copilot/session-state/<uuid>/events.jsonl`) fixes for the next
// request, as read by session-log/harness/read-copilot-session.ts. Types only (pure).
import type { LoggedUsage } from "../../model/logged-usage.js";

export interface CopilotToolRequest {
  toolCallId: string;
  name: string;
  arguments: unknown;
  /** "function" or "custom" (a grammar-based tool). */
  type?: string;
  /** Copilot's one-line summary of the call (sent again with its result over Chat Completions). */
  intentionSummary?: string;
}

/** A message of the conversation so far, in the order Copilot CLI replays it. */
export type CopilotMessage =
  | {
      role: "user";
      /** The text sent to the model (`transformedContent`: the `<current_datetime>` wrapper included). */
      content: string;
      messageId: string;
    }
  | {
      role: "assistant";
      content: string;
      messageId: string;
      toolRequests: CopilotToolRequest[];
      model?: string;
      /** The provider's response id, shared by the messages of one API call. */
      apiCallId?: string;
      reasoningText?: string;
      encryptedContent?: string;
    }
  | { role: "tool"; toolCallId: string; content: string; success: boolean };

/** One compaction Copilot CLI ran: its summary and what it removed. */
export interface CopilotCompaction {
  line: number;
  summary?: string;
  messagesRemoved?: number;
  tokensBefore?: number;
  tokensAfter?: number;
}

export interface CopilotSession {
  sessionId: string;
  cwd?: string;
  gitRoot?: string;
  copilotVersion?: string;
  /** The model selected last (start, resume or a model change). */
  model?: string;
  /** The system message as last recorded. */
  instructions?: string;
  /** The main agent's conversation after rewinds (sub-agents' messages left out). */
  messages: CopilotMessage[];
  compactions: CopilotCompaction[];
  /** Every model request the file records usage for, in order (sub-agents' and compactions' included). */
  usage: LoggedUsage[];
}
