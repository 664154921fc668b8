// The Copilot CLI 1.0.102 session after one more turn, as its events.jsonl would read back: the prompt as sent
// (with its `<current_datetime>` wrapper) and the model's text reply. Pure.
import type { RecordedTurn } from "../profile.js";
import { copilotUserText } from "./build-copilot-request.js";
import type { CopilotSession } from "./copilot-session.js";
import type { CopilotTurn } from "./copilot-turn.js";

export function recordCopilotTurn(
  previous: CopilotSession | undefined,
  sent: RecordedTurn<CopilotTurn>,
): CopilotSession {
  const { turn } = sent;
  const n = previous?.messages.length ?? 0;
  return {
    sessionId: previous?.sessionId ?? sent.sessionId,
    cwd: previous?.cwd ?? turn.cwd,
    ...(turn.gitRoot !== undefined ? { gitRoot: previous?.gitRoot ?? turn.gitRoot } : {}),
    model: turn.model,
    messages: [
      ...(previous?.messages ?? []),
      { role: "user", content: copilotUserText(turn), messageId: `user-${n}` },
      { role: "assistant", content: sent.reply, messageId: `assistant-${n + 1}`, toolRequests: [], model: turn.model },
    ],
    // A predicted turn was never billed and compacts nothing: the file's own records stay as they were.
    compactions: previous?.compactions ?? [],
    usage: previous?.usage ?? [],
  };
}
