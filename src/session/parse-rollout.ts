// Read a session log's text into the current history plus metadata: Codex rollout JSONL, a request body
// (`{input: [...]}`), a JSON array of items, or JSONL of bare items. Pure; bad lines become diagnostics.
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import { oneLine } from "../model/one-line.js";
import type { ContentPart, ResponseItem } from "../model/items.js";
import { parseRolloutItem } from "./parse-rollout-item.js";
import { loggedSettingsOf, mergeWorldState, type LoggedSettings } from "./logged-settings.js";

export type SessionLogFormat = "codex-rollout" | "request-body" | "item-array" | "item-lines";

export interface RolloutMeta {
  sessionId?: string;
  cwd?: string;
  cliVersion?: string;
  originator?: string;
  modelProvider?: string;
  timestamp?: string;
}

export interface RolloutCompaction {
  line: number;
  /** The summary message text Codex stored ("" for remote compactions). */
  message: string;
  /** Items in `replacement_history`, or null for a legacy entry without one. */
  replacementItems: number | null;
}

export interface ParsedSessionLog {
  format: SessionLogFormat;
  meta: RolloutMeta;
  /** The history as it stands at the end of the log (compactions applied). */
  history: ResponseItem[];
  baseInstructions?: string;
  /** Model and cwd of the last turn context. */
  model?: string;
  cwd?: string;
  /** What the model was last told, from the last `turn_context` and the merged `world_state` records. */
  settings?: LoggedSettings;
  compactions: RolloutCompaction[];
  /** Summary texts known from the log, to recognise earlier summaries without their prefix. */
  summaryTexts: string[];
  /**
   * The harness's summary prefix, recovered from the log itself: a compaction's message minus "\n" + the
   * summariser's reply recorded just before it. Lets a dry run reproduce the harness's exact bytes.
   */
  summaryPrefix?: { text: string; line: number };
  /** `total_tokens` of the last reported usage (or post-compaction recount). */
  lastTotalTokens?: number;
  reasoningIncluded?: boolean;
  /** The context window Codex reported (its effective, 95% window). */
  modelContextWindow?: number;
  lineCount: number;
}

type Json = { [key: string]: unknown };
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** Rebuilds the history for a legacy compaction entry (no replacement_history); see compact/rebuildLegacyCompaction. */
export type RebuildCompacted = (history: readonly ResponseItem[], summaryText: string, knownSummaries: ReadonlySet<string>) => ResponseItem[];

export interface ParseSessionLogOptions {
  /** Path for diagnostics. */
  file?: string;
  /** Without it a legacy compaction leaves the history as it was, with a warning. */
  rebuildCompacted?: RebuildCompacted;
}

function messageText(content: readonly ContentPart[]): string {
  let out = "";
  for (const part of content) if (part.type !== "input_image") out += part.text;
  return out;
}

function emptyLog(format: SessionLogFormat, lineCount: number): ParsedSessionLog {
  return { format, meta: {}, history: [], compactions: [], summaryTexts: [], lineCount };
}

/** Parse any supported session log. Never throws on bad content. */
export function parseSessionLog(text: string, options: ParseSessionLogOptions = {}): Result<ParsedSessionLog> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const trimmed = body.trimStart();
  if (trimmed.startsWith("[") || (trimmed.startsWith("{") && isWholeJsonObject(body))) return parseWholeJson(body, options);
  return parseRollout(body, options);
}

/**
 * A `{` text is one JSON document, not JSONL, when its first line does not parse alone (a pretty-printed body)
 * or when that line is itself a request body (`input` array, no rollout `payload`): compact bodies, as
 * `preview --json` prints them and capture stores them, are one line.
 */
function isWholeJsonObject(text: string): boolean {
  const end = text.indexOf("\n");
  let first: unknown;
  try {
    first = JSON.parse(end < 0 ? text : text.slice(0, end));
  } catch {
    return true;
  }
  return isObject(first) && Array.isArray(first.input) && !("payload" in first);
}

function parseWholeJson(text: string, options: ParseSessionLogOptions): Result<ParsedSessionLog> {
  const file = options.file;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const d = diagnostic("session/malformed-json", "error", `not valid JSON: ${oneLine((err as Error).message)}`, file ? { file } : {});
    return { value: emptyLog("item-array", countLines(text)), diagnostics: [d] };
  }
  const format: SessionLogFormat = Array.isArray(value) ? "item-array" : "request-body";
  const log = emptyLog(format, countLines(text));
  const diagnostics: Diagnostic[] = [];
  const items = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.input) ? value.input : undefined;
  if (!items) {
    diagnostics.push(diagnostic("session/unknown-format", "error", "expected a Codex rollout (JSONL), a request body with `input`, or an array of items", file ? { file } : {}));
    return { value: log, diagnostics };
  }
  if (isObject(value) && typeof value.instructions === "string") log.baseInstructions = value.instructions;
  items.forEach((raw, i) => {
    const parsed = parseRolloutItem(raw);
    if (parsed.ok) log.history.push(parsed.item);
    else diagnostics.push(itemDiagnostic(parsed, `input[${i}]`, file));
  });
  return { value: log, diagnostics };
}

function itemDiagnostic(parsed: { reason: string; unsupported?: boolean }, where: string, file: string | undefined, line?: number): Diagnostic {
  return diagnostic(parsed.unsupported ? "session/unsupported-item" : "session/malformed-item", "warning", `${where}: ${parsed.reason}; item skipped`, {
    ...(file ? { file } : {}),
    ...(line ? { place: { line, column: 1 } } : {}),
  });
}

function countLines(text: string): number {
  let n = text.length > 0 && !text.endsWith("\n") ? 1 : 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/** Codex rollout JSONL (or JSONL of bare items): replays items and compactions line by line. */
export function parseRollout(text: string, options: ParseSessionLogOptions = {}): Result<ParsedSessionLog> {
  const file = options.file;
  const at = (line: number) => ({ ...(file ? { file } : {}), place: { line, column: 1 } });
  const log = emptyLog("codex-rollout", 0);
  const diagnostics: Diagnostic[] = [];
  const summaryTexts = new Set<string>();
  const unknownRecords = new Map<string, number>();
  let sawRecord = false;
  let sawBareItem = false;
  let lastReply: string | undefined;
  let turnContext: Json | undefined;
  let worldState: Json | undefined;
  let lineNo = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    const lastLine = end < 0;
    if (lastLine) end = text.length;
    lineNo++;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      const rule = lastLine ? "session/truncated-line" : "session/malformed-line";
      const why = lastLine ? "the last line is cut off (no closing newline)" : (err as Error).message;
      diagnostics.push(diagnostic(rule, "warning", `line ${lineNo} is not valid JSON (${why}); skipped`, at(lineNo)));
      continue;
    }
    if (!isObject(value)) {
      diagnostics.push(diagnostic("session/malformed-line", "warning", `line ${lineNo} is not a JSON object; skipped`, at(lineNo)));
      continue;
    }
    if (!("payload" in value)) {
      // A bare item per line (promptc's own item logs).
      sawBareItem = true;
      const parsed = parseRolloutItem(value);
      if (parsed.ok) log.history.push(parsed.item);
      else diagnostics.push(itemDiagnostic(parsed, `line ${lineNo}`, file, lineNo));
      continue;
    }
    sawRecord = true;
    const payload = value.payload;
    const type = str(value.type) ?? "";
    if (!isObject(payload)) {
      diagnostics.push(diagnostic("session/malformed-line", "warning", `line ${lineNo}: payload is not an object; skipped`, at(lineNo)));
      continue;
    }
    switch (type) {
      case "session_meta":
        readMeta(log, payload);
        break;
      case "response_item": {
        const parsed = parseRolloutItem(payload);
        if (!parsed.ok) {
          diagnostics.push(itemDiagnostic(parsed, `line ${lineNo}`, file, lineNo));
          break;
        }
        log.history.push(parsed.item);
        if (isHarnessSummary(payload) && parsed.item.type === "message") summaryTexts.add(messageText(parsed.item.content));
        if (parsed.item.type === "message" && parsed.item.role === "assistant") lastReply = messageText(parsed.item.content);
        break;
      }
      case "compacted": {
        const message = str(payload.message) ?? "";
        if (lastReply !== undefined && message.length > lastReply.length && message.endsWith("\n" + lastReply)) {
          log.summaryPrefix = { text: message.slice(0, message.length - lastReply.length - 1), line: lineNo };
        }
        applyCompaction(log, payload, lineNo, summaryTexts, diagnostics, options);
        lastReply = undefined;
        break;
      }
      case "turn_context":
        if (str(payload.model)) log.model = str(payload.model);
        if (str(payload.cwd)) log.cwd = str(payload.cwd);
        turnContext = payload;
        break;
      case "event_msg":
        readEvent(log, payload);
        break;
      case "world_state":
        worldState = mergeWorldState(worldState, payload);
        break;
      case "token_usage_record":
        break;
      default:
        unknownRecords.set(type, (unknownRecords.get(type) ?? 0) + 1);
    }
  }
  log.lineCount = lineNo;
  log.summaryTexts = [...summaryTexts];
  const settings = loggedSettingsOf(turnContext, worldState);
  if (settings !== undefined) log.settings = settings;
  if (!sawRecord && sawBareItem) log.format = "item-lines";
  for (const [type, count] of unknownRecords) {
    diagnostics.push(diagnostic("session/unknown-record", "info", `${count} record(s) of unknown type ${JSON.stringify(type)} ignored`, { ...(file ? { file } : {}), data: { type, count } }));
  }
  return { value: log, diagnostics };
}

// 0.171.0 tags summary messages in the item's passthrough metadata.
function isHarnessSummary(payload: Json): boolean {
  const meta = payload.internal_chat_message_metadata_passthrough;
  return isObject(meta) && Array.isArray(meta.content_item_kinds) && meta.content_item_kinds.includes("compaction.summary");
}

function readMeta(log: ParsedSessionLog, p: Json): void {
  const meta: RolloutMeta = {};
  const fields: [keyof RolloutMeta, unknown][] = [["sessionId", p.id ?? p.session_id], ["cwd", p.cwd], ["cliVersion", p.cli_version], ["originator", p.originator], ["modelProvider", p.model_provider], ["timestamp", p.timestamp]];
  for (const [key, v] of fields) if (typeof v === "string") meta[key] = v;
  log.meta = meta;
  const base = p.base_instructions;
  const baseText = isObject(base) ? str(base.text) : str(base);
  if (baseText !== undefined) log.baseInstructions = baseText;
  if (meta.cwd !== undefined && log.cwd === undefined) log.cwd = meta.cwd;
}

function readEvent(log: ParsedSessionLog, p: Json): void {
  const window = num(p.model_context_window);
  if (p.type === "task_started" && window !== undefined) log.modelContextWindow = window;
  if (p.type !== "token_count" || !isObject(p.info)) return;
  const info = p.info;
  const last = isObject(info.last_token_usage) ? num(info.last_token_usage.total_tokens) : undefined;
  if (last !== undefined) log.lastTotalTokens = last;
  const w = num(info.model_context_window);
  if (w !== undefined) log.modelContextWindow = w;
  if (typeof info.last_usage_includes_reasoning === "boolean") log.reasoningIncluded = info.last_usage_includes_reasoning;
}

function applyCompaction(log: ParsedSessionLog, p: Json, line: number, summaries: Set<string>, diagnostics: Diagnostic[], options: ParseSessionLogOptions): void {
  const file = options.file;
  const message = str(p.message) ?? "";
  if (message !== "") summaries.add(message);
  const replacement = p.replacement_history;
  if (Array.isArray(replacement)) {
    const items: ResponseItem[] = [];
    replacement.forEach((raw, i) => {
      const parsed = parseRolloutItem(raw);
      if (parsed.ok) {
        items.push(parsed.item);
        if (isObject(raw) && isHarnessSummary(raw) && parsed.item.type === "message") summaries.add(messageText(parsed.item.content));
      } else diagnostics.push(itemDiagnostic(parsed, `line ${line} replacement_history[${i}]`, file, line));
    });
    log.history = items;
    log.compactions.push({ line, message, replacementItems: items.length });
    return;
  }
  // Legacy entry: rebuilt as Codex's reconstruction does, from the user messages so far and the message.
  log.compactions.push({ line, message, replacementItems: null });
  const where = { ...(file ? { file } : {}), place: { line, column: 1 } };
  if (options.rebuildCompacted) {
    log.history = options.rebuildCompacted(log.history, message, summaries);
    diagnostics.push(diagnostic("session/legacy-compaction", "info", `line ${line}: compaction without replacement_history; history rebuilt from the user messages and the summary`, where));
  } else {
    diagnostics.push(diagnostic("session/legacy-compaction", "warning", `line ${line}: compaction without replacement_history was not replayed; the history before it is kept`, where));
  }
}
