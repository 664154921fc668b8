// Reads a Gemini CLI 0.61.0 session file (`~/.gemini/tmp/<project id>/chats/session-*.jsonl`) into the
// conversation as Gemini CLI sends it again on `--resume`: records replayed in order (a message record adds or
// replaces by id, `$set.messages` replaces them all, `$rewindTo` drops a message and what follows), then each
// message as history (the recorded session context and slash commands left out; a reply's tool calls followed by
// their results, so a result Gemini CLI also recorded as a user message is sent twice, as the agent does), tool-call
// id prefixes stripped and parts in the SDK's key order. Also the recorded messages themselves, the compressions
// and every reply's usage. Pure; bad lines and records are diagnostics.
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import { sha256Hex } from "../../model/sha256.js";
import type { LoggedUsage } from "../../model/logged-usage.js";
import { GEMINI_SESSION_CONTEXT_OPEN, GEMINI_SNAPSHOT_MARKER } from "../../profiles/gemini-cli/gemini-facts.js";
import type {
  GeminiContent,
  GeminiPart,
  GeminiRecordedMessage,
  GeminiSession,
} from "../../profiles/gemini-cli/gemini-session.js";
import type { LogLine } from "../parse-rollout.js";
import { isRecord, parseJsonLines, type JsonLineRecord, type JsonRecord } from "./parse-json-lines.js";

/** The part keys the SDK sends, in its order (others are dropped). */
const PART_KEYS = [
  "mediaResolution",
  "codeExecutionResult",
  "executableCode",
  "fileData",
  "functionCall",
  "functionResponse",
  "inlineData",
  "text",
  "thought",
  "thoughtSignature",
  "videoMetadata",
] as const;
const IGNORED_PREFIXES = ["/", "?", GEMINI_SESSION_CONTEXT_OPEN, "<hook_context>"];

const partsOf = (content: unknown): JsonRecord[] =>
  (Array.isArray(content) ? content : content === undefined || content === null || content === "" ? [] : [content])
    .map((p) => (typeof p === "string" ? { text: p } : p))
    .filter(isRecord);

/** The text Gemini CLI judges a user message by (non-text parts as short tags). */
function partsText(parts: readonly JsonRecord[]): string {
  return parts
    .map((p) =>
      typeof p.text === "string"
        ? p.text
        : p.functionCall !== undefined
          ? "[Function Call]"
          : p.functionResponse !== undefined
            ? "[Function Response]"
            : p.inlineData !== undefined || p.fileData !== undefined
              ? "[Data]"
              : "",
    )
    .join("");
}

/** The records' messages in order, after replacements and rewinds. */
function replay(records: JsonRecord[]): { messages: JsonRecord[]; sessionId: string } {
  const messages = new Map<string, JsonRecord>();
  let sessionId = "";
  const setAll = (list: unknown) => {
    messages.clear();
    if (Array.isArray(list)) for (const m of list) if (isRecord(m) && typeof m.id === "string") messages.set(m.id, m);
  };
  for (const r of records) {
    if (typeof r.$rewindTo === "string") {
      const ids = [...messages.keys()];
      const at = ids.indexOf(r.$rewindTo);
      if (at < 0) messages.clear();
      else for (const id of ids.slice(at)) messages.delete(id);
    } else if (typeof r.id === "string") messages.set(r.id, r);
    else if (isRecord(r.$set)) {
      if (Array.isArray(r.$set.messages)) setAll(r.$set.messages);
      if (typeof r.$set.sessionId === "string") sessionId = r.$set.sessionId;
    } else if (typeof r.sessionId === "string") {
      sessionId = r.sessionId;
      if (Array.isArray(r.messages))
        for (const m of r.messages) if (isRecord(m) && typeof m.id === "string") messages.set(m.id, m);
    }
  }
  return { messages: [...messages.values()], sessionId };
}

/** One message's history contents (a reply with tool calls also yields the user content of their results). */
function historyOf(m: JsonRecord): { id: string; content: GeminiContent }[] {
  const id = m.id as string;
  if (m.type === "user") {
    const parts = partsOf(m.content);
    const text = partsText(parts).trim();
    if (text === "" || IGNORED_PREFIXES.some((p) => text.startsWith(p))) return [];
    return [{ id, content: { role: "user", parts } }];
  }
  if (m.type !== "gemini") return [];
  const content = m.content ? partsOf(m.content) : [];
  const calls = Array.isArray(m.toolCalls) ? m.toolCalls.filter(isRecord) : [];
  const model: JsonRecord[] = [];
  if (content.some((p) => p.functionCall !== undefined || p.thought)) model.push(...content);
  else {
    for (const t of Array.isArray(m.thoughts) ? m.thoughts.filter(isRecord) : [])
      model.push({
        text: t.subject ? `**${String(t.subject)}** ${String(t.description)}` : t.description,
        thought: true,
      });
    model.push(...content);
    for (const c of calls) model.push({ functionCall: { id: c.id, name: c.name, args: c.args } });
  }
  if (model.length === 0) return [];
  const out: { id: string; content: GeminiContent }[] = [{ id, content: { role: "model", parts: model } }];
  const results: JsonRecord[] = [];
  for (const c of calls) {
    if (!c.result) continue;
    if (typeof c.result === "string")
      results.push({ functionResponse: { id: c.id, name: c.name, response: { output: c.result } } });
    else if (Array.isArray(c.result)) results.push(...partsOf(c.result));
    else if (isRecord(c.result)) results.push(c.result);
  }
  if (results.length > 0) out.push({ id: `${id}_response`, content: { role: "user", parts: results } });
  return out;
}

/** A part as sent: tool-call ids without their `name__` prefix, empty text dropped, keys in the SDK's order. */
function wirePart(part: JsonRecord): GeminiPart | undefined {
  const p: JsonRecord = { ...part };
  for (const key of ["functionCall", "functionResponse"] as const) {
    const v = p[key];
    if (!isRecord(v)) continue;
    const name = typeof v.name === "string" && v.name.trim() !== "" ? v.name.trim() : "generic_tool";
    if (typeof v.id === "string" && v.id.startsWith(`${name}__`)) {
      const id = v.id.slice(name.length + 2);
      p[key] = key === "functionCall" ? { name: v.name, args: v.args, id } : { name: v.name, response: v.response, id };
    }
  }
  const fc = p.functionCall;
  if (isRecord(fc)) {
    const ordered: JsonRecord = {};
    for (const k of ["id", "args", "name"]) if (fc[k] !== undefined && fc[k] !== null) ordered[k] = fc[k];
    p.functionCall = ordered;
  }
  const others = Object.keys(p).some((k) => k !== "text" && k !== "thought" && k !== "callIndex");
  if (p.text === "") {
    if (!others) return undefined;
    delete p.text;
  }
  const out: GeminiPart = {};
  for (const k of PART_KEYS) if (p[k] !== undefined && p[k] !== null) out[k] = p[k];
  return out;
}

/** A call without an id gets Gemini CLI's stable synthetic one, shared with the next turn's result of that name. */
function ensureIds(history: { id: string; content: GeminiContent }[]): void {
  const stable = (ids: string[]) => sha256Hex([...ids].sort().join("|")).slice(0, 32);
  history.forEach((turn, i) =>
    turn.content.parts.forEach((part, j) => {
      const fc = isRecord(part.functionCall) ? part.functionCall : undefined;
      if (fc === undefined || fc.id) return;
      const synth = `synth_${String(fc.name)}_${stable([turn.id, String(i), String(j)])}`;
      fc.id = synth;
      const next = history[i + 1];
      const resp =
        next?.content.role === "user"
          ? next.content.parts.find(
              (p) => isRecord(p.functionResponse) && p.functionResponse.name === fc.name && !p.functionResponse.id,
            )
          : undefined;
      if (resp !== undefined) (resp.functionResponse as JsonRecord).id = synth;
    }),
  );
}

const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** Each reply's usage once (a reply re-recorded under its id keeps its first line and its last figures). */
function usageOf(records: JsonLineRecord[]): LoggedUsage[] {
  const byId = new Map<string, LoggedUsage>();
  for (const { lineNo, value: r } of records) {
    if (typeof r.id !== "string" || r.type !== "gemini" || !isRecord(r.tokens)) continue;
    const t = r.tokens;
    const u: LoggedUsage = {
      kind: "turn",
      line: byId.get(r.id)?.line ?? lineNo,
      id: r.id,
      input: count(t.input),
      cached: count(t.cached),
      cacheWrite: 0,
      output: count(t.output),
      reasoning: count(t.thoughts),
    };
    if (typeof r.timestamp === "string") u.at = r.timestamp;
    if (typeof r.model === "string") u.model = r.model;
    byId.set(r.id, u);
  }
  return [...byId.values()];
}

/** The compressions: a rewritten message list holding a summary other than the last one seen. */
function compactionsOf(records: JsonLineRecord[]): GeminiSession["compactions"] {
  const out: GeminiSession["compactions"] = [];
  for (const { lineNo, value: r } of records) {
    if (!isRecord(r.$set) || !Array.isArray(r.$set.messages)) continue;
    const summary = r.$set.messages
      .filter(isRecord)
      .map((m) => (m.type === "user" ? partsText(partsOf(m.content)) : ""))
      .find((t) => t.includes(GEMINI_SNAPSHOT_MARKER));
    if (summary !== undefined && summary !== out.at(-1)?.summary) out.push({ line: lineNo, summary });
  }
  return out;
}

export function parseGeminiSession(lines: Iterable<LogLine>, file: string): Result<GeminiSession | undefined> {
  const diagnostics: Diagnostic[] = [];
  const records = parseJsonLines(lines, file, diagnostics);
  const { messages, sessionId } = replay(records.map((r) => r.value));
  if (sessionId === "") {
    diagnostics.push(
      diagnostic("session/unknown-format", "error", `${file}: no Gemini CLI session record found`, { file }),
    );
    return { value: undefined, diagnostics };
  }
  const history = messages.flatMap(historyOf);
  ensureIds(history);
  const contents = history.map(({ content }) => ({
    role: content.role,
    parts: content.parts.flatMap((p): GeminiPart[] => {
      const w = wirePart(p);
      return w === undefined ? [] : [w];
    }),
  }));
  const model = messages.findLast((m) => m.type === "gemini" && typeof m.model === "string")?.model;
  const session: GeminiSession = {
    sessionId,
    history: contents.filter((c) => c.parts.length > 0),
    messages: messages as GeminiRecordedMessage[],
    compactions: compactionsOf(records),
    usage: usageOf(records),
  };
  if (typeof model === "string") session.model = model;
  return { value: session, diagnostics };
}
