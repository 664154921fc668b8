// Reads a Claude Code 2.1.332 session file (`~/.claude/projects/<key>/<uuid>.jsonl`) into the conversation as
// Claude Code sends it again: the entries on the chain that ends at the last one (parentUuid links), each prompt
// with the reminders rendered after it (user-role ones before the prompt, system-role ones as one system message
// after it), assistant entries of one reply merged; across a compaction the chain restarts at its summary, with the
// messages the boundary preserved put back after it. Also the compactions, and the usage of every request in the
// file, each counted once (by message id and request id, as ccusage counts). Pure; bad lines and records are
// diagnostics.
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import { CLAUDE_CODE_DEFAULTS } from "../../profiles/claude-code/claude-code-facts.js";
import type {
  AnthropicBlock,
  AnthropicMessage,
  ClaudeCodeSession,
} from "../../profiles/claude-code/claude-code-session.js";
import { withParallelEntries } from "./claude-code-parallel-entries.js";
import { createClaudeCodeUsageFold } from "./claude-code-usage-fold.js";
import type { LogLine } from "../parse-rollout.js";
import { isRecord, parseJsonLines, type JsonRecord } from "./parse-json-lines.js";

const REMINDER_OPEN = "<system-reminder>\n";
const REMINDER_CLOSE = "\n</system-reminder>";
/** Claude Code's instruction-file types, as the attachment names them. */
const KIND_OF_TYPE = { User: "user", Project: "project", Local: "local" } as const;

/** A system-role reminder is sent without its `<system-reminder>` wrapper. */
function unwrap(text: string): string {
  return text.startsWith(REMINDER_OPEN) && text.endsWith(REMINDER_CLOSE)
    ? text.slice(REMINDER_OPEN.length, text.length - REMINDER_CLOSE.length)
    : text;
}

const isBlocks = (v: unknown): v is AnthropicBlock[] =>
  Array.isArray(v) && v.every((b) => isRecord(b) && typeof b.type === "string");

/** The entries on the chain ending at the file's last linked entry, oldest first, with the parallel tool calls and
 * results it skips put back. */
function chainOf(entries: JsonRecord[]): JsonRecord[] {
  const byUuid = new Map<string, JsonRecord>();
  for (const e of entries) if (typeof e.uuid === "string") byUuid.set(e.uuid, e);
  let at = [...entries].reverse().find((e) => typeof e.uuid === "string");
  const chain: JsonRecord[] = [];
  const seen = new Set<string>();
  while (at !== undefined && !seen.has(at.uuid as string)) {
    seen.add(at.uuid as string);
    chain.push(at);
    at = typeof at.parentUuid === "string" ? byUuid.get(at.parentUuid) : undefined;
  }
  chain.reverse();
  // A compaction's boundary records the messages it kept; Claude Code sends them again after the summary.
  const boundary = chain[0];
  const preserved = isRecord(boundary?.compactMetadata) ? boundary.compactMetadata.preservedMessages : undefined;
  if (boundary?.subtype === "compact_boundary" && isRecord(preserved) && Array.isArray(preserved.uuids)) {
    const at = chain.findIndex((e) => e.uuid === preserved.anchorUuid);
    const kept = preserved.uuids.flatMap((u): JsonRecord[] => {
      const e = typeof u === "string" ? byUuid.get(u) : undefined;
      return e === undefined || seen.has(u as string) ? [] : [e];
    });
    if (at >= 0) chain.splice(at + 1, 0, ...kept);
    for (const e of kept) seen.add(e.uuid as string);
  }
  return withParallelEntries(entries, chain, seen);
}

const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? String(content.find((b) => isRecord(b) && b.type === "text")?.text ?? "")
      : "";

/** Every compaction in the file, oldest first: its boundary's facts and the summary message that follows it. */
function usageOf(records: { lineNo: number; value: JsonRecord }[]): ClaudeCodeSession["usage"] {
  const fold = createClaudeCodeUsageFold();
  for (const { lineNo, value } of records) fold.add(value, lineNo);
  return fold.result();
}

function compactionsOf(records: { lineNo: number; value: JsonRecord }[]): ClaudeCodeSession["compactions"] {
  const out: ClaudeCodeSession["compactions"] = [];
  let boundary: ClaudeCodeSession["compactions"][number] | undefined;
  for (const { lineNo, value: e } of records) {
    if (e.type === "system" && e.subtype === "compact_boundary") {
      const meta = isRecord(e.compactMetadata) ? e.compactMetadata : {};
      boundary = { line: lineNo, summary: "" };
      if (typeof meta.trigger === "string") boundary.trigger = meta.trigger;
      if (typeof meta.preTokens === "number") boundary.tokensBefore = meta.preTokens;
    } else if (e.type === "user" && e.isCompactSummary === true && boundary !== undefined) {
      out.push({ ...boundary, summary: textOf(isRecord(e.message) ? e.message.content : undefined) });
      boundary = undefined;
    }
  }
  return out;
}

interface Group {
  prompt: string | AnthropicBlock[] | undefined;
  reminders: string[];
  system: string[];
  /** The prompt is tool results only. */
  results?: boolean;
}

export function parseClaudeCodeSession(lines: Iterable<LogLine>, file: string): Result<ClaudeCodeSession | undefined> {
  const diagnostics: Diagnostic[] = [];
  const records = parseJsonLines(lines, file, diagnostics);
  const entries = records.map((r) => r.value);
  const lineOf = new Map(records.map((r) => [r.value, r.lineNo]));
  const messages: AnthropicMessage[] = [];
  const session: ClaudeCodeSession = {
    sessionId: "",
    firstPrompt: "",
    messages,
    instructions: [],
    compactions: compactionsOf(records),
    usage: usageOf(records),
  };

  let group: Group | undefined;
  let lastReplyId: string | undefined;
  let sentEffort = false;

  const flush = (): void => {
    if (group === undefined) return;
    const { prompt, reminders, system } = group;
    if (reminders.length === 0 && prompt !== undefined) messages.push({ role: "user", content: prompt });
    else if (reminders.length > 0 || prompt !== undefined) {
      // The reminder right before the prompt ends with a newline.
      const blocks: AnthropicBlock[] = reminders.map((text, i) => ({
        type: "text",
        text: i === reminders.length - 1 && prompt !== undefined ? `${text}\n` : text,
      }));
      const tail = typeof prompt === "string" ? [{ type: "text", text: prompt }] : (prompt ?? []);
      messages.push({ role: "user", content: [...blocks, ...tail] });
    }
    if (system.length > 0) {
      const m: AnthropicMessage = { role: "system", content: system.join("\n\n") };
      if (!sentEffort) m.output_config = { ...CLAUDE_CODE_DEFAULTS.outputConfig };
      sentEffort = true;
      messages.push(m);
    }
    group = undefined;
  };

  for (const e of chainOf(entries)) {
    if (session.sessionId === "" && typeof e.sessionId === "string") session.sessionId = e.sessionId;
    if (session.cwd === undefined && typeof e.cwd === "string") session.cwd = e.cwd;
    const bad = (why: string) =>
      diagnostics.push(
        diagnostic("session/malformed-item", "warning", `line ${lineOf.get(e)}: ${why}; skipped`, {
          file,
          place: { line: lineOf.get(e) ?? 0, column: 1 },
        }),
      );
    const message = isRecord(e.message) ? e.message : undefined;
    if (e.type === "user") {
      const content = message?.content;
      if (typeof content !== "string" && !isBlocks(content)) {
        bad("a user entry without a string or block content");
        continue;
      }
      // The results of parallel tool calls, one entry each, go out as one message.
      const results = Array.isArray(content) && content.every((b) => b.type === "tool_result");
      if (results && group?.results === true && group.reminders.length === 0 && Array.isArray(group.prompt)) {
        group.prompt.push(...content);
        continue;
      }
      flush();
      if (!results) lastReplyId = undefined;
      group = { prompt: Array.isArray(content) ? [...content] : content, reminders: [], system: [], results };

      if (session.firstPrompt === "" && e.isMeta !== true)
        session.firstPrompt =
          typeof content === "string" ? content : String(content.find((b) => b.type === "text")?.text ?? "");
    } else if (e.type === "assistant") {
      const content = message?.content;
      if (!isBlocks(content)) {
        bad("an assistant entry without content blocks");
        continue;
      }
      const id = typeof message?.id === "string" ? message.id : undefined;
      // A call of the same reply written after an earlier call's result: the calls go out as one message and the
      // results as the one after it.
      const pendingResults = group?.results === true && group.reminders.length === 0 && group.system.length === 0;
      if (!(pendingResults && id !== undefined && id === lastReplyId)) flush();
      if (typeof message?.model === "string" && !message.model.startsWith("<")) session.model = message.model;
      const last = messages[messages.length - 1];
      // One reply streamed as several entries (one per block) is one message.
      if (id !== undefined && id === lastReplyId && last?.role === "assistant" && Array.isArray(last.content))
        last.content.push(...content);
      else messages.push({ role: "assistant", content: [...content] });
      lastReplyId = id;
    } else if (e.type === "attachment" && isRecord(e.attachment)) {
      noteState(session, e.attachment);
      if (!Array.isArray(e.rendered)) continue;
      group ??= { prompt: undefined, reminders: [], system: [] };
      for (const r of e.rendered) {
        if (!isRecord(r) || typeof r.content !== "string") continue;
        if (e.renderedRole === "system") group.system.push(unwrap(r.content));
        else group.reminders.push(r.content);
      }
    }
  }
  flush();
  if (session.sessionId === "") {
    diagnostics.push(
      diagnostic("session/unknown-format", "error", `${file}: no Claude Code conversation entries found`, { file }),
    );
    return { value: undefined, diagnostics };
  }
  return { value: session, diagnostics };
}

/** Instruction files, the date and the skills as the model last saw them. */
function noteState(session: ClaudeCodeSession, a: JsonRecord): void {
  if (a.type === "date" && typeof a.date === "string") session.date = a.date;
  if (a.type === "skill_listing" && Array.isArray(a.names))
    session.skillNames = [...(session.skillNames ?? []), ...a.names.filter((n): n is string => typeof n === "string")];
  if (a.type !== "instructions" || !Array.isArray(a.files)) return;
  const removed: unknown[] = Array.isArray(a.removed) ? a.removed : [];
  session.instructions = session.instructions.filter((f) => !removed.includes(f.path));
  for (const f of a.files) {
    if (!isRecord(f) || typeof f.path !== "string" || typeof f.content !== "string") continue;
    const kind = KIND_OF_TYPE[f.type as keyof typeof KIND_OF_TYPE] ?? "project";
    const entry = { path: f.path, kind, content: f.content };
    const i = session.instructions.findIndex((x) => x.path === f.path);
    if (i >= 0) session.instructions[i] = entry;
    else session.instructions.push(entry);
  }
}
