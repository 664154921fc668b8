// The requests and events of a Claude Code 2.1.332 session file, one record at a time: each request's usage once
// (a reply streamed as several entries, or written again into a resumed session's file, shares its message and
// request ids; an entry missing either is counted as it stands — ccusage's rule), what each request sent (its
// `api-request` record: the system and tools by the shape hash, then each message by its blob hash), and what changed
// between requests (the model, compactions, instruction files, skills, the date). Pure; used by the reader and by
// the session listing, which streams.
import { sha256Hex } from "../../model/sha256.js";
import type { LoggedRequestLayers, LoggedUsage, SessionEvent, SessionUsage } from "../../model/logged-usage.js";
import { isRecord, type JsonRecord } from "./parse-json-lines.js";

const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const LABEL_CHARS = 60;

/** A short label for a logged message: its role and the start of its first text. */
function messageLabel(m: unknown): string {
  if (!isRecord(m)) return "message";
  const c = m.content;
  const text =
    typeof c === "string"
      ? c
      : Array.isArray(c)
        ? (c
            .map((b) =>
              isRecord(b)
                ? typeof b.text === "string"
                  ? b.text
                  : typeof b.type === "string"
                    ? `[${b.type}]`
                    : ""
                : "",
            )
            .find((t) => t !== "") ?? "")
        : "";
  const oneLine = text.replace(/\s+/g, " ").trim();
  return `${String(m.role ?? "message")}: ${oneLine.length > LABEL_CHARS ? `${oneLine.slice(0, LABEL_CHARS)}…` : oneLine}`;
}

export interface ClaudeCodeUsageFold {
  add(record: JsonRecord, lineNo: number): void;
  result(): SessionUsage;
}

/** `layers: false` leaves out what each request sent (a listing needs only usage and events). */
export function createClaudeCodeUsageFold(options: { layers?: boolean } = {}): ClaudeCodeUsageFold {
  const keepLayers = options.layers ?? true;
  const usage: LoggedUsage[] = [];
  const events: SessionEvent[] = [];
  const sent: LoggedRequestLayers[] = [];
  const seen = new Set<string>();
  const shapes = new Map<string, { system: string; tools: string }>();
  const labels = new Map<string, string>();
  let model: string | undefined;
  let date: string | undefined;
  let instructions = new Map<string, string>();
  let skills: string[] | undefined;
  return {
    add(e, lineNo) {
      const at = str(e.timestamp);
      const where = at !== undefined ? { line: lineNo, at } : { line: lineNo };
      const started = usage.length > 0;
      if (!keepLayers && typeof e.type === "string" && e.type.startsWith("api-request")) return;
      if (e.type === "api-request-shape" && typeof e.shapeHash === "string" && isRecord(e.shape)) {
        shapes.set(e.shapeHash, {
          system: sha256Hex(JSON.stringify(e.shape.system ?? null)),
          tools: sha256Hex(JSON.stringify(e.shape.tools ?? null)),
        });
      } else if (e.type === "api-request-blob" && typeof e.hash === "string") {
        labels.set(e.hash, messageLabel(e.message));
      } else if (e.type === "api-request" && typeof e.id === "string") {
        const shape = typeof e.shapeHash === "string" ? shapes.get(e.shapeHash) : undefined;
        const params = isRecord(e.params) ? e.params : {};
        const layers: LoggedRequestLayers["layers"] = [
          { name: "system", hash: shape?.system ?? str(e.shapeHash) ?? "", label: "the system prompt" },
          { name: "tools", hash: shape?.tools ?? str(e.shapeHash) ?? "", label: "the tool list" },
        ];
        const tail = Array.isArray(e.tail) ? e.tail.filter((h): h is string => typeof h === "string") : [];
        tail.forEach((hash, i) =>
          layers.push({ name: `messages[${i}]`, hash, label: labels.get(hash) ?? `messages[${i}]` }),
        );
        const request: LoggedRequestLayers = { id: e.id, layers };
        if (typeof params.model === "string") request.model = params.model;
        sent.push(request);
      } else if (e.type === "assistant" && isRecord(e.message)) {
        const message = e.message;
        const m = str(message.model);
        if (m !== undefined && !m.startsWith("<")) {
          if (model !== undefined && m !== model) events.push({ type: "model-switch", ...where, from: model, to: m });
          model = m;
        }
        if (!isRecord(message.usage)) return;
        const key =
          typeof message.id === "string" && typeof e.requestId === "string"
            ? `${message.id}:${e.requestId}`
            : undefined;
        if (key !== undefined && seen.has(key)) return;
        if (key !== undefined) seen.add(key);
        const u = message.usage;
        const out: LoggedUsage = {
          kind: e.isSidechain === true ? "subagent" : "turn",
          ...where,
          input: count(u.input_tokens),
          cached: count(u.cache_read_input_tokens),
          cacheWrite: count(u.cache_creation_input_tokens),
          output: count(u.output_tokens),
        };
        if (m !== undefined) out.model = m;
        const id = str(e.requestId) ?? str(message.id);
        if (id !== undefined) out.id = id;
        if (typeof e.requestRef === "string") out.ref = e.requestRef;
        usage.push(out);
      } else if (e.type === "system" && e.subtype === "compact_boundary") {
        const meta = isRecord(e.compactMetadata) ? e.compactMetadata : {};
        const c: SessionEvent = { type: "compaction", ...where };
        if (typeof meta.preTokens === "number") c.tokensBefore = meta.preTokens;
        events.push(c);
      } else if (e.type === "user" && e.isCompactSummary === true && isRecord(e.message)) {
        const last = events.at(-1);
        const content = e.message.content;
        if (last?.type === "compaction" && last.summary === undefined)
          last.summary = typeof content === "string" ? content : messageLabel(e.message);
      } else if (e.type === "attachment" && isRecord(e.attachment)) {
        const a = e.attachment;
        if (a.type === "date" && typeof a.date === "string") {
          if (started && date !== undefined && a.date !== date)
            events.push({ type: "changed", ...where, what: "environment", detail: `the date changed to ${a.date}` });
          date = a.date;
        } else if (a.type === "skill_listing" && Array.isArray(a.names)) {
          const names = a.names.filter((n): n is string => typeof n === "string");
          const added = names.filter((n) => !(skills ?? []).includes(n));
          if (started && added.length > 0)
            events.push({ type: "changed", ...where, what: "skills", detail: `skill added: ${added.join(", ")}` });
          skills = [...(skills ?? []), ...added];
        } else if (a.type === "instructions" && Array.isArray(a.files)) {
          const next = new Map(instructions);
          for (const f of a.files)
            if (isRecord(f) && typeof f.path === "string" && typeof f.content === "string") next.set(f.path, f.content);
          if (Array.isArray(a.removed)) for (const r of a.removed) if (typeof r === "string") next.delete(r);
          const changed = [...new Set([...next.keys(), ...instructions.keys()])].filter(
            (p) => next.get(p) !== instructions.get(p),
          );
          if (started && changed.length > 0)
            events.push({ type: "changed", ...where, what: "instructions", detail: `edited: ${changed.join(", ")}` });
          instructions = next;
        }
      }
    },
    result() {
      return sent.length > 0 ? { usage, events, sent } : { usage, events };
    },
  };
}
