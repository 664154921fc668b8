// What a Gemini CLI 0.61.0 session file (`~/.gemini/tmp/<project id>/chats/session-*.jsonl`) fixes for the next
// request, as read by session-log/harness/read-gemini-session.ts. Types only (pure).
import type { LoggedUsage } from "../../model/logged-usage.js";

/** A `contents` part in the key order Gemini CLI's SDK writes it. */
export type GeminiPart = { [key: string]: unknown };

export interface GeminiContent {
  role: "user" | "model";
  parts: GeminiPart[];
}

export interface GeminiSession {
  sessionId: string;
  /**
   * The conversation as Gemini CLI sends it again, without the session context it re-renders on resume (a
   * recorded `<session_context>` message is dropped), before neighbouring contents of one role are merged.
   */
  history: GeminiContent[];
  /** The recorded messages after replacements and rewinds, as the file holds them (session context included). */
  messages: GeminiRecordedMessage[];
  /** The model of the last reply. */
  model?: string;
  /** Each compression that rewrote the history: the line and its summary message's text. */
  compactions: { line: number; summary: string }[];
  /** Every reply's usage, once per message (a rewound reply too: it was billed). */
  usage: LoggedUsage[];
}

/** A message record as Gemini CLI writes it (`type` "user", "gemini", "info"…; other keys as recorded). */
export type GeminiRecordedMessage = { id: string; type?: unknown; content?: unknown; [key: string]: unknown };
