// The Claude Code 2.1.332 session after a turn, as its session reader reads the file back: the messages the turn
// added as Claude Code stores them (no cache marks; a system reminder message as one string, the first keeping
// the turn's effort), the reply as one text block, and the instruction files, date and skills the model last saw.
// Pure.
import type { RecordedTurn } from "../profile.js";
import type { AnthropicBlock, AnthropicMessage, ClaudeCodeSession } from "./claude-code-session.js";
import type { ClaudeCodeTurn } from "./claude-code-turn.js";

/** A sent message as the session file gives it back. */
function asStored(m: { [key: string]: unknown }): AnthropicMessage {
  const role = m.role as AnthropicMessage["role"];
  const blocks = Array.isArray(m.content)
    ? (m.content as AnthropicBlock[]).map(({ cache_control: _mark, ...rest }) => rest as AnthropicBlock)
    : m.content;
  const content =
    role === "system" && Array.isArray(blocks) ? blocks.map((b) => String(b.text ?? "")).join("\n\n") : blocks;
  const out: AnthropicMessage = { role, content: content as AnthropicMessage["content"] };
  if (m.output_config !== undefined) out.output_config = m.output_config as { [key: string]: unknown };
  return out;
}

export function recordClaudeCodeTurn(
  previous: ClaudeCodeSession | undefined,
  sent: RecordedTurn<ClaudeCodeTurn>,
): ClaudeCodeSession {
  const { turn } = sent;
  const before = previous?.messages ?? [];
  const messages = (sent.body.messages as { [key: string]: unknown }[]).slice(before.length).map(asStored);
  const listed = [...(previous?.skillNames ?? []), ...turn.skills.map((s) => s.name)];
  return {
    sessionId: previous?.sessionId ?? sent.sessionId,
    ...(previous?.cwd !== undefined ? { cwd: previous.cwd } : {}),
    firstPrompt: previous?.firstPrompt ?? turn.message,
    messages: [...before, ...messages, { role: "assistant", content: [{ type: "text", text: sent.reply }] }],
    instructions: turn.memoryFiles.map(({ path, kind, content }) => ({ path, kind, content })),
    date: turn.date,
    skillNames: [...new Set(listed)],
    // A predicted turn was never billed and compacts nothing: the file's own records stay as they were.
    compactions: previous?.compactions ?? [],
    usage: previous?.usage ?? { usage: [], events: [] },
  };
}
