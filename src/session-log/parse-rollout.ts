// Read a session log's text into the current history plus metadata: Codex rollout JSONL, a request body
// (`{input: [...]}`), a JSON array of items, or JSONL of bare items. Pure; bad lines become diagnostics.
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import { messageText } from "../model/message-text.js";
import { createCodexUsageFold } from "./codex-usage-fold.js";
import { parseRolloutItem } from "./parse-rollout-item.js";
import { loggedSettingsOf, mergeWorldState } from "./logged-settings.js";
import {
  emptyLog,
  itemDiagnostic,
  type ParsedSessionLog,
  type ParseSessionLogOptions,
  type RolloutMeta,
} from "./parsed-session-log.js";
import { isWholeJsonObject, parseWholeJsonLog } from "./parse-whole-json-log.js";
import { isJsonObject, stringValue, type JsonObject } from "../model/json-value.js";

// The log types are part of the public API through this module (src/index.ts re-exports it).
export type {
  ParsedSessionLog,
  ParseSessionLogOptions,
  RebuildCompacted,
  RolloutCompaction,
  RolloutMeta,
  SessionLogFormat,
} from "./parsed-session-log.js";

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** Parse any supported session log. Never throws on bad content. */
export function parseSessionLog(text: string, options: ParseSessionLogOptions = {}): Result<ParsedSessionLog> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const trimmed = body.trimStart();
  if (trimmed.startsWith("[") || (trimmed.startsWith("{") && isWholeJsonObject(body)))
    return parseWholeJsonLog(body, options);
  return parseRollout(body, options);
}

/** One line of a JSONL log: its text (without the newline), 1-based number, and whether it ended the file unterminated. */
export interface LogLine {
  text: string;
  lineNo: number;
  /** The file's last line and it has no closing newline (a cut-off write). */
  unterminated: boolean;
}

/** The lines of a log's text, in order, without copying the text. */
export function* linesOfText(text: string): Generator<LogLine> {
  let lineNo = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    const unterminated = end < 0;
    if (unterminated) end = text.length;
    yield { text: text.slice(start, end), lineNo: ++lineNo, unterminated };
    start = end + 1;
  }
}

/** Codex rollout JSONL (or JSONL of bare items): replays items and compactions line by line. */
export function parseRollout(text: string, options: ParseSessionLogOptions = {}): Result<ParsedSessionLog> {
  return parseRolloutLines(linesOfText(text), options);
}

/** parseRollout over lines that come one at a time (a log read as a stream, with over-long lines left out). */
export function parseRolloutLines(
  lines: Iterable<LogLine>,
  options: ParseSessionLogOptions = {},
): Result<ParsedSessionLog> {
  const file = options.file;
  const at = (line: number) => ({ ...(file ? { file } : {}), place: { line, column: 1 } });
  const log = emptyLog("codex-rollout", 0);
  const diagnostics: Diagnostic[] = [];
  const summaryTexts = new Set<string>();
  const unknownRecords = new Map<string, number>();
  let sawRecord = false;
  let sawBareItem = false;
  let lastReply: string | undefined;
  let turnContext: JsonObject | undefined;
  let worldState: JsonObject | undefined;
  const usage = createCodexUsageFold();
  let lineNo = 0;
  for (const next of lines) {
    lineNo = next.lineNo;
    const lastLine = next.unterminated;
    const line = next.text.trim();
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
    if (!isJsonObject(value)) {
      diagnostics.push(
        diagnostic("session/malformed-line", "warning", `line ${lineNo} is not a JSON object; skipped`, at(lineNo)),
      );
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
    usage.add(value, lineNo);
    const payload = value.payload;
    const type = stringValue(value.type) ?? "";
    if (!isJsonObject(payload)) {
      diagnostics.push(
        diagnostic(
          "session/malformed-line",
          "warning",
          `line ${lineNo}: payload is not an object; skipped`,
          at(lineNo),
        ),
      );
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
        if (isHarnessSummary(payload) && parsed.item.type === "message")
          summaryTexts.add(messageText(parsed.item.content));
        if (parsed.item.type === "message" && parsed.item.role === "assistant")
          lastReply = messageText(parsed.item.content);
        break;
      }
      case "compacted": {
        const message = stringValue(payload.message) ?? "";
        if (lastReply !== undefined && message.length > lastReply.length && message.endsWith("\n" + lastReply)) {
          log.summaryPrefix = { text: message.slice(0, message.length - lastReply.length - 1), line: lineNo };
        }
        applyCompaction(log, payload, lineNo, summaryTexts, diagnostics, options);
        lastReply = undefined;
        break;
      }
      case "turn_context":
        if (stringValue(payload.model)) log.model = stringValue(payload.model);
        if (stringValue(payload.cwd)) log.cwd = stringValue(payload.cwd);
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
  if (sawRecord) log.usage = usage.result();
  for (const [type, count] of unknownRecords) {
    diagnostics.push(
      diagnostic(
        "session/unknown-record",
        "info",
        `${count} record(s) of unknown type ${JSON.stringify(type)} ignored`,
        { ...(file ? { file } : {}), data: { type, count } },
      ),
    );
  }
  return { value: log, diagnostics };
}

// 0.171.0 tags summary messages in the item's passthrough metadata.
function isHarnessSummary(payload: JsonObject): boolean {
  const meta = payload.internal_chat_message_metadata_passthrough;
  return (
    isJsonObject(meta) &&
    Array.isArray(meta.content_item_kinds) &&
    meta.content_item_kinds.includes("compaction.summary")
  );
}

function readMeta(log: ParsedSessionLog, p: JsonObject): void {
  const meta: RolloutMeta = {};
  const fields: [keyof RolloutMeta, unknown][] = [
    ["sessionId", p.id ?? p.session_id],
    ["cwd", p.cwd],
    ["cliVersion", p.cli_version],
    ["originator", p.originator],
    ["modelProvider", p.model_provider],
    ["timestamp", p.timestamp],
  ];
  for (const [key, v] of fields) if (typeof v === "string") meta[key] = v;
  log.meta = meta;
  const base = p.base_instructions;
  const baseText = isJsonObject(base) ? stringValue(base.text) : stringValue(base);
  if (baseText !== undefined) log.baseInstructions = baseText;
  if (meta.cwd !== undefined && log.cwd === undefined) log.cwd = meta.cwd;
}

function readEvent(log: ParsedSessionLog, p: JsonObject): void {
  const window = num(p.model_context_window);
  if (p.type === "task_started" && window !== undefined) log.modelContextWindow = window;
  if (p.type !== "token_count" || !isJsonObject(p.info)) return;
  const info = p.info;
  const last = isJsonObject(info.last_token_usage) ? num(info.last_token_usage.total_tokens) : undefined;
  if (last !== undefined) log.lastTotalTokens = last;
  const w = num(info.model_context_window);
  if (w !== undefined) log.modelContextWindow = w;
  if (typeof info.last_usage_includes_reasoning === "boolean")
    log.reasoningIncluded = info.last_usage_includes_reasoning;
}

function applyCompaction(
  log: ParsedSessionLog,
  p: JsonObject,
  line: number,
  summaries: Set<string>,
  diagnostics: Diagnostic[],
  options: ParseSessionLogOptions,
): void {
  const file = options.file;
  const message = stringValue(p.message) ?? "";
  if (message !== "") summaries.add(message);
  const replacement = p.replacement_history;
  if (Array.isArray(replacement)) {
    const items: ResponseItem[] = [];
    replacement.forEach((raw, i) => {
      const parsed = parseRolloutItem(raw);
      if (parsed.ok) {
        items.push(parsed.item);
        if (isJsonObject(raw) && isHarnessSummary(raw) && parsed.item.type === "message")
          summaries.add(messageText(parsed.item.content));
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
    diagnostics.push(
      diagnostic(
        "session/legacy-compaction",
        "info",
        `line ${line}: compaction without replacement_history; history rebuilt from the user messages and the summary`,
        where,
      ),
    );
  } else {
    diagnostics.push(
      diagnostic(
        "session/legacy-compaction",
        "warning",
        `line ${line}: compaction without replacement_history was not replayed; the history before it is kept`,
        where,
      ),
    );
  }
}
