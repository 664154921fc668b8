// What a pi 0.73.1 session file (`~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl`) fixes for the next request,
// as read by session-log/harness/read-pi-session.ts: pi's own provider-neutral messages on the branch that ends at
// the last entry. Types only (pure).
import type { LoggedUsage } from "../../model/logged-usage.js";

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

/** An entry on the branch, in order: what `compact` rebuilds pi's next history from. */
export type PiBranchEntry =
  | { type: "message"; id: string; message: PiMessage; totalTokens?: number }
  | { type: "bash"; id: string; command: string; output: string }
  | { type: "compaction"; id: string; line: number; summary: string; firstKeptEntryId?: string; tokensBefore?: number }
  | { type: "model"; id: string; modelId: string };

export interface PiSession {
  /** The session id: pi's prompt_cache_key on the Responses API. */
  sessionId: string;
  cwd?: string;
  /** The messages on the branch as they are (a compaction's cut not applied). */
  messages: PiMessage[];
  /** The branch's entries promptc models, compactions and model changes included. */
  entries: PiBranchEntry[];
  /** Every reply's usage in the file (abandoned branches too: they were billed). */
  usage: LoggedUsage[];
}
