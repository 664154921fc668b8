// Reads a pi 0.73.1 session file (`~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl`): the header's id and cwd,
// and the messages on the branch that ends at the file's last entry (id/parentId links), in order. Pure; bad
// lines, and entries promptc does not rebuild (a compaction, pi's own message kinds), are diagnostics. Also the
// branch's entries (compactions, model changes, shell runs included) and every reply's usage.
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import type { LoggedUsage } from "../../model/logged-usage.js";
import type { PiBranchEntry, PiContentBlock, PiMessage, PiSession } from "../../profiles/pi/pi-session.js";
import type { LogLine } from "../parse-rollout.js";
import { isRecord, parseJsonLines, type JsonLineRecord, type JsonRecord } from "./parse-json-lines.js";

const BLOCK_TYPES = new Set(["text", "image", "thinking", "toolCall"]);
const isBlocks = (v: unknown): v is PiContentBlock[] =>
  Array.isArray(v) && v.every((b) => isRecord(b) && BLOCK_TYPES.has(b.type as string));

/** A message as pi replays it, or why it cannot be. */
function messageOf(m: JsonRecord): PiMessage | string {
  if (m.role === "user") {
    if (typeof m.content === "string" || isBlocks(m.content)) return { role: "user", content: m.content };
    return "a user message without text or content blocks";
  }
  if (m.role === "assistant") {
    if (!isBlocks(m.content)) return "an assistant message without content blocks";
    const out: PiMessage = { role: "assistant", content: m.content };
    for (const k of ["provider", "api", "model", "stopReason"] as const) if (typeof m[k] === "string") out[k] = m[k];
    return out;
  }
  if (m.role === "toolResult") {
    if (typeof m.toolCallId !== "string" || !isBlocks(m.content)) return "a tool result without a call id or content";
    return {
      role: "toolResult",
      toolCallId: m.toolCallId,
      toolName: typeof m.toolName === "string" ? m.toolName : "",
      content: m.content,
      isError: m.isError === true,
    };
  }
  return `a '${String(m.role)}' message, which promptc does not rebuild`;
}

const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** Every assistant message's usage (pi counts input without the cache reads, as Anthropic does). */
function usageOf(records: JsonLineRecord[]): LoggedUsage[] {
  return records.flatMap(({ lineNo, value }): LoggedUsage[] => {
    const m = isRecord(value.message) ? value.message : undefined;
    if (value.type !== "message" || m?.role !== "assistant" || !isRecord(m.usage)) return [];
    const u: LoggedUsage = {
      kind: "turn",
      line: lineNo,
      input: count(m.usage.input),
      cached: count(m.usage.cacheRead),
      cacheWrite: count(m.usage.cacheWrite),
      output: count(m.usage.output),
    };
    if (typeof value.timestamp === "string") u.at = value.timestamp;
    if (typeof m.model === "string") u.model = m.model;
    if (typeof m.responseId === "string") u.id = m.responseId;
    return [u];
  });
}

export function parsePiSession(lines: Iterable<LogLine>, file: string): Result<PiSession | undefined> {
  const diagnostics: Diagnostic[] = [];
  const records = parseJsonLines(lines, file, diagnostics);
  const header = records.find((r) => r.value.type === "session")?.value;
  if (header === undefined || typeof header.id !== "string") {
    diagnostics.push(diagnostic("session/unknown-format", "error", `${file}: no pi session header found`, { file }));
    return { value: undefined, diagnostics };
  }
  const byId = new Map<string, { lineNo: number; value: JsonRecord }>();
  for (const r of records) if (r.value.type !== "session" && typeof r.value.id === "string") byId.set(r.value.id, r);
  const branch: { lineNo: number; value: JsonRecord }[] = [];
  let at = [...records].reverse().find((r) => r.value.type !== "session" && typeof r.value.id === "string");
  const seen = new Set<string>();
  while (at !== undefined && !seen.has(at.value.id as string)) {
    seen.add(at.value.id as string);
    branch.push(at);
    at = typeof at.value.parentId === "string" ? byId.get(at.value.parentId) : undefined;
  }
  const session: PiSession = { sessionId: header.id, messages: [], entries: [], usage: usageOf(records) };
  if (typeof header.cwd === "string") session.cwd = header.cwd;
  for (const { lineNo, value } of branch.reverse()) {
    const where = { file, place: { line: lineNo, column: 1 } };
    const id = value.id as string;
    if (value.type === "compaction") {
      const c: PiBranchEntry = { type: "compaction", id, line: lineNo, summary: str(value.summary) };
      if (typeof value.firstKeptEntryId === "string") c.firstKeptEntryId = value.firstKeptEntryId;
      if (typeof value.tokensBefore === "number") c.tokensBefore = value.tokensBefore;
      session.entries.push(c);
    }
    if (value.type === "model_change" && typeof value.modelId === "string")
      session.entries.push({ type: "model", id, modelId: value.modelId });
    const raw = isRecord(value.message) ? value.message : undefined;
    if (value.type === "message" && raw?.role === "bashExecution")
      session.entries.push({ type: "bash", id, command: str(raw.command), output: str(raw.output) });
    if (value.type === "compaction" || value.type === "branch_summary") {
      diagnostics.push(
        diagnostic(
          "session/unsupported-item",
          "warning",
          `line ${lineNo}: a pi ${value.type} entry; promptc keeps the messages before it as they are`,
          where,
        ),
      );
      continue;
    }
    if (value.type !== "message") continue;
    const m = isRecord(value.message) ? messageOf(value.message) : "a message entry without a message";
    if (typeof m === "string")
      diagnostics.push(diagnostic("session/unsupported-item", "warning", `line ${lineNo}: ${m}; skipped`, where));
    else {
      session.messages.push(m);
      const total = isRecord(raw?.usage) ? raw.usage.totalTokens : undefined;
      session.entries.push({
        type: "message",
        id,
        message: m,
        ...(typeof total === "number" ? { totalTokens: total } : {}),
      });
    }
  }
  return { value: session, diagnostics };
}
