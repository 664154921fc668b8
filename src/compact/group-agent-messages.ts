// History items grouped into the messages an agent keeps (pi, Claude Code, Gemini CLI): one assistant reply is
// its reasoning, text and tool calls together; each tool output and each user message stands alone. Pure.
import type { ResponseItem } from "../model/items.js";
import { isOutputItem } from "./history-pairs.js";
import { isModelGeneratedItem } from "./should-compact.js";

export type AgentMessageKind = "user" | "assistant" | "output";

export interface AgentMessage {
  kind: AgentMessageKind;
  /** First item (inclusive) and end (exclusive) in the grouped history. */
  start: number;
  end: number;
}

/**
 * Items a model reply is made of (what the model generated, less Codex's compaction item); consecutive ones form
 * one assistant message.
 */
export function isAssistantSide(item: ResponseItem): boolean {
  return item.type !== "compaction" && isModelGeneratedItem(item);
}

function kindOf(item: ResponseItem): AgentMessageKind | undefined {
  if (isAssistantSide(item)) return "assistant";
  if (isOutputItem(item)) return "output";
  if (item.type === "message") return "user";
  return undefined;
}

/**
 * Messages of `history` in order. Items that are no message of their own (ghost snapshots, compaction blobs,
 * tool lists) join the message before them, or start the first one.
 */
export function groupAgentMessages(history: readonly ResponseItem[]): AgentMessage[] {
  const out: AgentMessage[] = [];
  history.forEach((item, i) => {
    const kind = kindOf(item);
    const last = out.at(-1);
    if (last && (kind === undefined || (kind === "assistant" && last.kind === "assistant"))) {
      last.end = i + 1;
      return;
    }
    out.push({ kind: kind ?? "user", start: i, end: i + 1 });
  });
  return out;
}
