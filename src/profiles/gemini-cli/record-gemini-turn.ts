// The Gemini CLI 0.61.0 session after a turn, as its session reader reads the file back: the conversation with
// the turn's message and the model's reply appended (the session context is not recorded: a resume renders it
// afresh). Pure.
import type { RecordedTurn } from "../profile.js";
import type { GeminiSession } from "./gemini-session.js";
import type { GeminiTurn } from "./gemini-turn.js";

export function recordGeminiTurn(previous: GeminiSession | undefined, sent: RecordedTurn<GeminiTurn>): GeminiSession {
  return {
    sessionId: previous?.sessionId ?? sent.sessionId,
    history: [
      ...(previous?.history ?? []),
      { role: "user", parts: [{ text: sent.turn.message }] },
      { role: "model", parts: [{ text: sent.reply }] },
    ],
    // A predicted turn was never billed and compresses nothing: the file's own records stay as they were.
    messages: previous?.messages ?? [],
    compactions: previous?.compactions ?? [],
    usage: previous?.usage ?? [],
  };
}
