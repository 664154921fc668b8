// What a Gemini CLI 0.61.0 session file (`~/.gemini/tmp/<project id>/chats/session-*.jsonl`) fixes for the next
// request, as read by session-log/harness/read-gemini-session.ts. Types only (pure).

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
}
