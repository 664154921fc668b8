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
   * compact/'s `rebuildLegacyCompaction`, so reading a log does not depend on the compaction code. */
  rebuildCompacted: RebuildCompacted;
}

export function readSessionLog(
  host: Pick<Host, "readBytes">,
  path: string,
  options: ReadSessionLogOptions,
): Result<ParsedSessionLog | undefined> {
  const maxBytes = options.maxBytes ?? SESSION_LOG_MAX_BYTES;
  const read = host.readBytes(path, { maxBytes });
  if (!read.ok) {
    return {
      value: undefined,
      diagnostics: [diagnostic("session/unreadable", "error", cannotRead(path, read.error), { file: path })],
    };
  }
  const diagnostics: Diagnostic[] = [];
  if (read.value.truncated) {
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
  const parseOptions = { file: path, rebuildCompacted: options.rebuildCompacted };
  const parsed = isJsonlLog(bytes)
    ? parseRolloutLines(
        jsonlLines(bytes, options.maxLineBytes ?? SESSION_LOG_MAX_LINE_BYTES, path, diagnostics, invalidUtf8),
        parseOptions,
      )
    : parseSessionLog(decode(bytes, invalidUtf8), parseOptions);
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
