// Session logs that are one JSON document: a request body (`{input: [...]}`, instructions kept) or an array of
// items. Pure; bad JSON or a wrong shape becomes a diagnostic.
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import { oneLine } from "../model/one-line.js";
import { parseRolloutItem } from "./parse-rollout-item.js";
import {
  emptyLog,
  itemDiagnostic,
  type ParsedSessionLog,
  type ParseSessionLogOptions,
  type SessionLogFormat,
} from "./parsed-session-log.js";
import { isJsonObject } from "../model/json-value.js";

/**
 * A `{` text is one JSON document, not JSONL, when its first line does not parse alone (a pretty-printed body)
 * or when that line is itself a request body (`input` array, no rollout `payload`): compact bodies, as
 * `preview --json` prints them and capture stores them, are one line.
 */
export function isWholeJsonObject(text: string): boolean {
  const end = text.indexOf("\n");
  let first: unknown;
  try {
    first = JSON.parse(end < 0 ? text : text.slice(0, end));
  } catch {
    return true;
  }
  return isJsonObject(first) && Array.isArray(first.input) && !("payload" in first);
}

/** A request body or an item array, parsed whole; every item that does not parse is a warning. */
export function parseWholeJsonLog(text: string, options: ParseSessionLogOptions): Result<ParsedSessionLog> {
  const file = options.file;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const d = diagnostic(
      "session/malformed-json",
      "error",
      `not valid JSON: ${oneLine((err as Error).message)}`,
      file ? { file } : {},
    );
    return { value: emptyLog("item-array", countLines(text)), diagnostics: [d] };
  }
  const format: SessionLogFormat = Array.isArray(value) ? "item-array" : "request-body";
  const log = emptyLog(format, countLines(text));
  const diagnostics: Diagnostic[] = [];
  const items = Array.isArray(value)
    ? value
    : isJsonObject(value) && Array.isArray(value.input)
      ? value.input
      : undefined;
  if (!items) {
    diagnostics.push(
      diagnostic(
        "session/unknown-format",
        "error",
        "expected a Codex rollout (JSONL), a request body with `input`, or an array of items",
        file ? { file } : {},
      ),
    );
    return { value: log, diagnostics };
  }
  if (isJsonObject(value) && typeof value.instructions === "string") log.baseInstructions = value.instructions;
  items.forEach((raw, i) => {
    const parsed = parseRolloutItem(raw);
    if (parsed.ok) log.history.push(parsed.item);
    else diagnostics.push(itemDiagnostic(parsed, `input[${i}]`, file));
  });
  return { value: log, diagnostics };
}

function countLines(text: string): number {
  let n = text.length > 0 && !text.endsWith("\n") ? 1 : 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}
