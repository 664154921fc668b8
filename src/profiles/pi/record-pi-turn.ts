// The pi 0.73.1 session after a turn, as its session reader reads the file back: pi's own messages with the
// turn's prompt (one text block, as pi sends it) and the reply of the configured provider and model appended.
// Pure.
import type { RecordedTurn } from "../profile.js";
import type { PiSession } from "./pi-session.js";
import type { PiTurn } from "./pi-turn.js";

export function recordPiTurn(previous: PiSession | undefined, sent: RecordedTurn<PiTurn>): PiSession {
  const { turn } = sent;
  return {
    sessionId: previous?.sessionId ?? sent.sessionId,
    ...(previous?.cwd !== undefined ? { cwd: previous.cwd } : { cwd: turn.cwd }),
    messages: [
      ...(previous?.messages ?? []),
      { role: "user", content: [{ type: "text", text: turn.message }] },
      {
        role: "assistant",
        content: [{ type: "text", text: sent.reply }],
        provider: turn.provider.name,
        api: turn.provider.api,
        model: turn.provider.model,
        stopReason: "stop",
      },
    ],
    // A predicted turn was never billed and compacts nothing: the file's own records stay as they were.
    entries: previous?.entries ?? [],
    usage: previous?.usage ?? [],
  };
}
