// A Claude Code session, as session-log/'s one reader of its files gives it, as history items for
// `compact --strategy claude-code`: the conversation Claude Code sends again, without the reminders and system
// messages it renders from attachments (compaction sees those fresh). Pure.
import type { ContentPart, ResponseItem } from "../model/items.js";
import type { AnthropicBlock, ClaudeCodeSession } from "../profiles/claude-code/claude-code-session.js";
import type { AgentSessionItems } from "./agent-session-items.js";

export interface ClaudeCodeSessionItems extends AgentSessionItems {
  /** The sentence that opened an earlier compaction's summary message, when the session has one. */
  lead?: string;
}

const REMINDER_OPEN = "<system-reminder>";
const str = (v: unknown): string => (typeof v === "string" ? v : "");

function textParts(blocks: readonly AnthropicBlock[], type: "input_text" | "output_text"): ContentPart[] {
  return blocks.flatMap((b) =>
    b.type === "text" && !str(b.text).startsWith(REMINDER_OPEN) ? [{ type, text: str(b.text) } as ContentPart] : [],
  );
}

function toolOutput(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((x) => (x !== null && typeof x === "object" ? str((x as { text?: unknown }).text) : "")).join("");
}

export function buildClaudeCodeSessionItems(session: ClaudeCodeSession): ClaudeCodeSessionItems {
  const history: ResponseItem[] = [];
  for (const m of session.messages) {
    if (m.role === "system") continue;
    const blocks: AnthropicBlock[] = typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content;
    if (m.role === "user") {
      const texts = textParts(blocks, "input_text");
      if (texts.length > 0) history.push({ type: "message", role: "user", content: texts });
      for (const b of blocks)
        if (b.type === "tool_result")
          history.push({ type: "function_call_output", call_id: str(b.tool_use_id), output: toolOutput(b.content) });
      continue;
    }
    const thinking = blocks.filter((b) => b.type === "thinking").map((b) => str(b.thinking));
    if (thinking.length > 0)
      history.push({
        type: "reasoning",
        summary: [],
        content: thinking.map((text) => ({ type: "reasoning_text", text })),
      });
    const texts = textParts(blocks, "output_text");
    if (texts.length > 0) history.push({ type: "message", role: "assistant", content: texts });
    for (const b of blocks)
      if (b.type === "tool_use")
        history.push({
          type: "function_call",
          name: str(b.name),
          arguments: JSON.stringify(b.input ?? {}),
          call_id: str(b.id),
        });
  }
  const summary = session.compactions.at(-1)?.summary ?? "";
  const cut = summary.indexOf("\n\n");
  return {
    history,
    summaries: [],
    ...(session.cwd !== undefined ? { cwd: session.cwd } : {}),
    ...(session.model !== undefined ? { model: session.model } : {}),
    ...(cut > 0 ? { lead: summary.slice(0, cut) } : {}),
  };
}
