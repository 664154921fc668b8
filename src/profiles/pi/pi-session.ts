// What a pi 0.73.1 session file (`~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl`) fixes for the next request,
// as read by session-log/harness/read-pi-session.ts: pi's own provider-neutral messages on the branch that ends at
// the last entry. Types only (pure).

export type PiContentBlock =
  | { type: "text"; text: string; textSignature?: string }
  | { type: "image"; data: string; mimeType: string }
  | { type: "thinking"; thinking: string; thinkingSignature?: string; redacted?: boolean }
  | { type: "toolCall"; id: string; name: string; arguments: unknown; thoughtSignature?: string };

export type PiMessage =
  | { role: "user"; content: string | PiContentBlock[] }
  | {
      role: "assistant";
      content: PiContentBlock[];
      provider?: string;
      api?: string;
      model?: string;
      stopReason?: string;
    }
  | { role: "toolResult"; toolCallId: string; toolName: string; content: PiContentBlock[]; isError: boolean };

export interface PiSession {
  /** The session id: pi's prompt_cache_key on the Responses API. */
  sessionId: string;
  cwd?: string;
  messages: PiMessage[];
}
