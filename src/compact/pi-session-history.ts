// A pi session, as session-log/'s one reader of its files gives it, as the history pi would send next, for
// `compact --strategy pi`: after the last compaction, its summary first, then the entries from its first kept one
// on; shell runs as user text. Pure.
import type { ContentPart, ResponseItem } from "../model/items.js";
import type { PiContentBlock, PiMessage, PiSession } from "../profiles/pi/pi-session.js";
import type { AgentSessionItems } from "./agent-session-items.js";

function blocksText(content: string | readonly PiContentBlock[]): ContentPart[] {
  if (typeof content === "string") return [{ type: "input_text", text: content }];
  return content.flatMap((b): ContentPart[] => {
    if (b.type === "text") return [{ type: "input_text", text: b.text }];
    if (b.type === "image") return [{ type: "input_image", image_url: `data:${b.mimeType};base64,${b.data}` }];
    return [];
  });
}

function itemsOf(message: PiMessage): ResponseItem[] {
  switch (message.role) {
    case "user":
      return [{ type: "message", role: "user", content: blocksText(message.content) }];
    case "assistant": {
      const out: ResponseItem[] = [];
      const thinking = message.content.flatMap((b) => (b.type === "thinking" ? [b.thinking] : []));
      if (thinking.length > 0)
        out.push({
          type: "reasoning",
          summary: [],
          content: thinking.map((text) => ({ type: "reasoning_text", text })),
        });
      const texts = message.content.flatMap((b) => (b.type === "text" ? [b.text] : []));
      if (texts.length > 0)
        out.push({ type: "message", role: "assistant", content: texts.map((text) => ({ type: "output_text", text })) });
      for (const b of message.content)
        if (b.type === "toolCall")
          out.push({
            type: "function_call",
            name: b.name,
            arguments: JSON.stringify(b.arguments ?? {}),
            call_id: b.id,
          });
      return out;
    }
    case "toolResult":
      return [{ type: "function_call_output", call_id: message.toolCallId, output: blocksText(message.content) }];
    default: {
      const never: never = message;
      return never;
    }
  }
}

/** `renderSummary` turns a stored summary into the message text (the strategy's wrapping, with its lead). */
export function buildPiSessionItems(session: PiSession, renderSummary: (body: string) => string): AgentSessionItems {
  const { entries } = session;
  const out: AgentSessionItems = {
    history: [],
    summaries: [],
    ...(session.cwd !== undefined ? { cwd: session.cwd } : {}),
  };
  for (const e of entries) {
    if (e.type === "compaction") out.summaries.push(e.summary);
    if (e.type === "model") out.model = e.modelId;
  }
  const compactionAt = entries.findLastIndex((e) => e.type === "compaction");
  let from = 0;
  const compaction = entries[compactionAt];
  if (compaction?.type === "compaction") {
    out.history.push({
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: renderSummary(compaction.summary) }],
    });
    const kept = entries.findIndex((e) => e.id === compaction.firstKeptEntryId);
    from = kept >= 0 ? kept : compactionAt + 1;
  }
  for (const e of entries.slice(from)) {
    if (e.type === "bash")
      out.history.push({
        type: "message",
        role: "user",
        content: [{ type: "input_text", text: `${e.command}\n${e.output}` }],
      });
    if (e.type !== "message") continue;
    out.history.push(...itemsOf(e.message));
    if (e.message.role === "assistant" && e.totalTokens !== undefined) out.lastTotalTokens = e.totalTokens;
  }
  return out;
}
