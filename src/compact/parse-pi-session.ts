// A pi 0.73.1 session file (`~/.pi/agent/sessions/<cwd key>/<time>_<id>.jsonl`) as the history pi would send next:
// the entry chain ending at the last entry (parentId links); after a compaction entry, its summary first, then
// the entries from its first kept one on. Pure. Minimal reader for `compact --strategy pi` (harness-turns owns
// the full session readers); lines that are not JSON objects are skipped.
import type { ContentPart, ResponseItem } from "../model/items.js";

type Rec = { [key: string]: unknown };
const isRec = (v: unknown): v is Rec => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface AgentSessionItems {
  history: ResponseItem[];
  cwd?: string;
  model?: string;
  /** Summary bodies of earlier compactions, oldest first (pi stores them without the lead sentence). */
  summaries: string[];
  /** Last reported context tokens. */
  lastTotalTokens?: number;
}

export function isPiSessionHeader(first: unknown): boolean {
  return isRec(first) && first.type === "session" && typeof first.version === "number";
}

function blocksText(content: unknown, images: boolean): ContentPart[] {
  if (typeof content === "string") return [{ type: "input_text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.flatMap((b): ContentPart[] => {
    if (!isRec(b)) return [];
    if (b.type === "text") return [{ type: "input_text", text: str(b.text) }];
    if (b.type === "image" && images)
      return [{ type: "input_image", image_url: `data:${str(b.mimeType)};base64,${str(b.data)}` }];
    return [];
  });
}

/** One pi message as history items. */
function itemsOf(message: Rec): ResponseItem[] {
  switch (message.role) {
    case "user":
      return [{ type: "message", role: "user", content: blocksText(message.content, true) }];
    case "assistant": {
      const out: ResponseItem[] = [];
      const blocks = Array.isArray(message.content) ? message.content.filter(isRec) : [];
      const thinking = blocks.filter((b) => b.type === "thinking").map((b) => str(b.thinking));
      if (thinking.length > 0)
        out.push({
          type: "reasoning",
          summary: [],
          content: thinking.map((text) => ({ type: "reasoning_text", text })),
        });
      const texts = blocks.filter((b) => b.type === "text").map((b) => str(b.text));
      if (texts.length > 0)
        out.push({ type: "message", role: "assistant", content: texts.map((text) => ({ type: "output_text", text })) });
      for (const b of blocks)
        if (b.type === "toolCall")
          out.push({
            type: "function_call",
            name: str(b.name),
            arguments: JSON.stringify(b.arguments ?? {}),
            call_id: str(b.id),
          });
      return out;
    }
    case "toolResult":
      return [
        { type: "function_call_output", call_id: str(message.toolCallId), output: blocksText(message.content, true) },
      ];
    case "bashExecution":
      return [
        {
          type: "message",
          role: "user",
          content: [{ type: "input_text", text: `${str(message.command)}\n${str(message.output)}` }],
        },
      ];
    default:
      return [];
  }
}

/** `renderSummary` turns a stored summary into the message text (the strategy's wrapping, with its lead). */
export function parsePiSession(
  records: readonly unknown[],
  renderSummary: (body: string) => string,
): AgentSessionItems {
  const entries = records.filter(isRec).filter((r) => typeof r.id === "string" && r.type !== "session");
  const byId = new Map(entries.map((e) => [e.id as string, e]));
  const path: Rec[] = [];
  for (let e = entries.at(-1); e !== undefined; e = byId.get(str(e.parentId))) {
    path.unshift(e);
    if (path.length > entries.length) break;
  }
  const header = records.find(isRec);
  const out: AgentSessionItems = {
    history: [],
    summaries: [],
    ...(isRec(header) && header.cwd ? { cwd: str(header.cwd) } : {}),
  };
  const compactionAt = path.findLastIndex((e) => e.type === "compaction");
  let from = 0;
  for (const e of path) {
    if (e.type === "compaction") out.summaries.push(str(e.summary));
    if (e.type === "model_change") out.model = str(e.modelId);
  }
  if (compactionAt >= 0) {
    const compaction = path[compactionAt]!;
    out.history.push({
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: renderSummary(str(compaction.summary)) }],
    });
    const kept = path.findIndex((e) => e.id === compaction.firstKeptEntryId);
    from = kept >= 0 ? kept : compactionAt + 1;
  }
  for (const e of path.slice(from)) {
    if (e.type !== "message" || !isRec(e.message)) continue;
    out.history.push(...itemsOf(e.message));
    const usage = e.message.usage;
    if (e.message.role === "assistant" && isRec(usage) && typeof usage.totalTokens === "number")
      out.lastTotalTokens = usage.totalTokens;
  }
  return out;
}
