// A Claude Code 2.1.332 transcript (`~/.claude/projects/<cwd key>/<session>.jsonl`) as conversation items: the
// user/assistant entries on the parentUuid chain that ends at the last one; across a compact boundary the chain
// restarts at the summary, and the messages the boundary's metadata preserved are put back after it. Pure.
// Minimal reader for `compact --strategy claude-code` (harness-turns owns the full session readers): reminders
// rendered from attachments are not rebuilt.
import type { ContentPart, ResponseItem } from "../model/items.js";
import type { AgentSessionItems } from "./parse-pi-session.js";

type Rec = { [key: string]: unknown };
const isRec = (v: unknown): v is Rec => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface ClaudeCodeTranscriptItems extends AgentSessionItems {
  /** The sentence that opened an earlier compaction's summary message, when the transcript has one. */
  lead?: string;
}

/** A transcript line: an entry linked by `parentUuid` with a session id. */
export function isClaudeCodeTranscriptRecord(record: unknown): boolean {
  return isRec(record) && "parentUuid" in record && typeof record.sessionId === "string";
}

function textParts(blocks: readonly Rec[], type: "input_text" | "output_text"): ContentPart[] {
  return blocks.flatMap((b) => (b.type === "text" ? [{ type, text: str(b.text) } as ContentPart] : []));
}

function itemsOf(entry: Rec): ResponseItem[] {
  const message = isRec(entry.message) ? entry.message : {};
  const content = message.content;
  const blocks =
    typeof content === "string"
      ? [{ type: "text", text: content }]
      : Array.isArray(content)
        ? content.filter(isRec)
        : [];
  const out: ResponseItem[] = [];
  if (entry.type === "user") {
    const texts = textParts(blocks, "input_text");
    if (texts.length > 0) out.push({ type: "message", role: "user", content: texts });
    for (const b of blocks)
      if (b.type === "tool_result") {
        const c = b.content;
        const output =
          typeof c === "string"
            ? c
            : Array.isArray(c)
              ? c
                  .filter(isRec)
                  .map((x) => str(x.text))
                  .join("")
              : "";
        out.push({ type: "function_call_output", call_id: str(b.tool_use_id), output });
      }
    return out;
  }
  const thinking = blocks.filter((b) => b.type === "thinking").map((b) => str(b.thinking));
  if (thinking.length > 0)
    out.push({ type: "reasoning", summary: [], content: thinking.map((text) => ({ type: "reasoning_text", text })) });
  const texts = textParts(blocks, "output_text");
  if (texts.length > 0) out.push({ type: "message", role: "assistant", content: texts });
  for (const b of blocks)
    if (b.type === "tool_use")
      out.push({
        type: "function_call",
        name: str(b.name),
        arguments: JSON.stringify(b.input ?? {}),
        call_id: str(b.id),
      });
  return out;
}

export function parseClaudeCodeTranscript(records: readonly unknown[]): ClaudeCodeTranscriptItems {
  const entries = records.filter(isRec).filter((r) => typeof r.uuid === "string");
  const byUuid = new Map(entries.map((e) => [e.uuid as string, e]));
  const leaf = entries.findLast((e) => e.type === "user" || e.type === "assistant");
  const chain: Rec[] = [];
  for (let e = leaf; e !== undefined && chain.length <= entries.length; e = byUuid.get(str(e.parentUuid))) {
    chain.unshift(e);
    if (e.type === "system" && e.subtype === "compact_boundary") break;
  }
  const boundary = chain[0]?.subtype === "compact_boundary" ? chain[0] : undefined;
  const preserved = isRec(boundary?.compactMetadata) ? boundary.compactMetadata.preservedMessages : undefined;
  if (isRec(preserved) && Array.isArray(preserved.uuids)) {
    const at = chain.findIndex((e) => e.uuid === preserved.anchorUuid);
    const kept = (preserved.uuids as unknown[]).flatMap((u): Rec[] => {
      const e = byUuid.get(str(u));
      return e ? [e] : [];
    });
    if (at >= 0) chain.splice(at + 1, 0, ...kept);
  }
  const conversation = chain.filter((e) => e.type === "user" || e.type === "assistant");
  const summary = conversation.find((e) => e.isCompactSummary === true);
  const summaryText = summary ? itemsOf(summary).find((i) => i.type === "message") : undefined;
  const text = summaryText?.type === "message" ? str((summaryText.content[0] as { text?: string })?.text) : "";
  const cut = text.indexOf("\n\n");
  const last = conversation.findLast((e) => e.type === "assistant" && isRec(e.message));
  const model = isRec(last?.message) ? str(last.message.model) : "";
  return {
    history: conversation.flatMap(itemsOf),
    summaries: [],
    ...(typeof leaf?.cwd === "string" ? { cwd: leaf.cwd } : {}),
    ...(model !== "" ? { model } : {}),
    ...(cut > 0 ? { lead: text.slice(0, cut) } : {}),
  };
}
