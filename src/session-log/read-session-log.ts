// Read a session log through the Host and parse it (Codex rollout JSONL, request body, item lists). IO via Host.
// Unreadable files, invalid UTF-8 and oversized logs become diagnostics; nothing throws.
import type { Host } from "../host/host.js";
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import { isWholeJsonObject } from "./parse-whole-json-log.js";
import {
  parseRolloutLines,
  parseSessionLog,
  type LogLine,
  type ParsedSessionLog,
  type RebuildCompacted,
} from "./parse-rollout.js";
import { cannotRead } from "../model/file-error.js";

/**
 * Logs larger than this are read up to the limit and reported (a 100,000-item rollout is ~200 MB). It stays well
 * under V8's longest string (~512 Mi UTF-16 units), which a larger log would overflow while being decoded.
 */
export const SESSION_LOG_MAX_BYTES = 256 * 1024 * 1024;

/**
 * A JSONL line longer than this is skipped with a warning, undecoded (Codex's longest lines, a compaction's
 * replacement history or an image, stay far below it; one 100 MB line used to cost a minute and gigabytes).
 */
export const SESSION_LOG_MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface ReadSessionLogOptions {
  maxBytes?: number;
  maxLineBytes?: number;
  /** Rebuilds the history of a legacy compaction entry (one without replacement_history): the caller passes
   * compact/'s `rebuildLegacyCompaction`, so reading a log does not depend on the compaction code. Without it
   * (`run --resume`), a legacy compaction keeps the history before it. */
  rebuildCompacted?: RebuildCompacted;
}

/**
 * A session log as read, before parsing: a JSONL log's lines (decoded one at a time; a line over the line cap is
 * skipped undecoded with a warning; `lines` may be walked more than once) or one JSON document's text.
 */
export type SessionLogContent =
  | { kind: "lines"; lines: () => Iterable<LogLine>; truncated: boolean }
  | { kind: "document"; text: string; truncated: boolean };

/**
 * The one reader of session logs (preview --session, compact, diff LOG, run --resume): at most `maxBytes` (a
 * longer log is read to the cap, with a warning and `truncated`), lines over `maxLineBytes` skipped with a warning.
 * Diagnostics go to `diagnostics` — the line warnings as `lines` are walked; undefined when the file is unreadable.
 */
export function readSessionLogContent(
  host: Pick<Host, "readBytes">,
  path: string,
  diagnostics: Diagnostic[],
  options: { maxBytes?: number; maxLineBytes?: number } = {},
): SessionLogContent | undefined {
  const maxBytes = options.maxBytes ?? SESSION_LOG_MAX_BYTES;
  const read = host.readBytes(path, { maxBytes });
  if (!read.ok) {
    diagnostics.push(diagnostic("session/unreadable", "error", cannotRead(path, read.error), { file: path }));
    return undefined;
  }
  const truncated = read.value.truncated;
  if (truncated) {
    diagnostics.push(
      diagnostic(
        "session/too-large",
        "warning",
        `${path} is ${read.value.size} bytes; only the first ${maxBytes} were read`,
        {
          file: path,
          data: { size: read.value.size, maxBytes },
        },
      ),
    );
  }
  const bytes = read.value.bytes;
  const invalidUtf8 = (): void => {
    if (diagnostics.some((d) => d.rule === "session/invalid-utf8")) return;
    diagnostics.push(
      diagnostic(
        "session/invalid-utf8",
        "warning",
        `${path} is not valid UTF-8; invalid bytes were replaced with U+FFFD`,
        { file: path },
      ),
    );
  };
  const maxLineBytes = options.maxLineBytes ?? SESSION_LOG_MAX_LINE_BYTES;
  return isJsonlLog(bytes)
    ? { kind: "lines", lines: () => jsonlLines(bytes, maxLineBytes, path, diagnostics, invalidUtf8), truncated }
    : { kind: "document", text: decode(bytes, invalidUtf8), truncated };
}

export function readSessionLog(
  host: Pick<Host, "readBytes">,
  path: string,
  options: ReadSessionLogOptions = {},
): Result<ParsedSessionLog | undefined> {
  const diagnostics: Diagnostic[] = [];
  const content = readSessionLogContent(host, path, diagnostics, options);
  if (!content) return { value: undefined, diagnostics };
  const parseOptions = {
    file: path,
    ...(options.rebuildCompacted ? { rebuildCompacted: options.rebuildCompacted } : {}),
  };
  const parsed =
    content.kind === "lines"
      ? parseRolloutLines(content.lines(), parseOptions)
      : parseSessionLog(content.text, parseOptions);
  return { value: parsed.value, diagnostics: [...diagnostics, ...parsed.diagnostics] };
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lossyUtf8 = new TextDecoder("utf-8", { ignoreBOM: true });

function decode(bytes: Uint8Array, onInvalid: () => void): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    onInvalid();
    return lossyUtf8.decode(bytes);
  }
}

const BOM_BYTES = 3;
const hasBom = (bytes: Uint8Array): boolean => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/** JSONL (a rollout, item lines) rather than one JSON document (a request body, an item array): judged on the first line. */
function isJsonlLog(bytes: Uint8Array): boolean {
  let i = hasBom(bytes) ? BOM_BYTES : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (bytes[i] === 0x5b) return false; // `[`: an item array
  if (bytes[i] !== 0x7b) return true;
  const end = bytes.indexOf(0x0a, i);
  const first = bytes.subarray(i, end < 0 ? bytes.length : end);
  return !isWholeJsonObject(lossyUtf8.decode(first));
}

/** The log's lines from its bytes, decoded one at a time; a line over `maxLineBytes` is skipped undecoded, with a warning. */
function* jsonlLines(
  bytes: Uint8Array,
  maxLineBytes: number,
  path: string,
  diagnostics: Diagnostic[],
  onInvalid: () => void,
): Generator<LogLine> {
  let start = hasBom(bytes) ? BOM_BYTES : 0;
  let lineNo = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    const unterminated = end < 0;
    if (unterminated) end = bytes.length;
    lineNo++;
    if (end - start > maxLineBytes) {
      // Once per line, however often the lines are walked.
      const at = lineNo;
      if (!diagnostics.some((d) => d.rule === "session/line-too-long" && d.place?.line === at))
        diagnostics.push(
          diagnostic(
            "session/line-too-long",
            "warning",
            `line ${lineNo} is ${end - start} bytes, over the ${maxLineBytes}-byte limit for one line; skipped`,
            {
              file: path,
              place: { line: lineNo, column: 1 },
              data: { bytes: end - start, maxLineBytes },
            },
          ),
        );
      yield { text: "", lineNo, unterminated };
    } else {
      yield { text: decode(bytes.subarray(start, end), onInvalid), lineNo, unterminated };
    }
    start = end + 1;
  }
}
