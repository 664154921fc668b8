// Read a session log through the Host and parse it (Codex rollout JSONL, request body, item lists). IO via Host.
// Unreadable files, invalid UTF-8 and oversized logs become diagnostics; nothing throws.
import type { Host } from "../host/host.js";
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import { parseSessionLog, type ParsedSessionLog, type RebuildCompacted } from "./parse-rollout.js";
import { cannotRead } from "../model/file-error.js";

/**
 * Logs larger than this are read up to the limit and reported (a 100,000-item rollout is ~200 MB). It stays well
 * under V8's longest string (~512 Mi UTF-16 units), which a larger log would overflow while being decoded.
 */
export const SESSION_LOG_MAX_BYTES = 256 * 1024 * 1024;

export interface ReadSessionLogOptions {
  maxBytes?: number;
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
    return { value: undefined, diagnostics: [diagnostic("session/unreadable", "error", cannotRead(path, read.error), { file: path })] };
  }
  const diagnostics: Diagnostic[] = [];
  if (read.value.truncated) {
    diagnostics.push(
      diagnostic("session/too-large", "warning", `${path} is ${read.value.size} bytes; only the first ${maxBytes} were read`, {
        file: path,
        data: { size: read.value.size, maxBytes },
      }),
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(read.value.bytes);
  } catch {
    text = new TextDecoder("utf-8").decode(read.value.bytes);
    diagnostics.push(diagnostic("session/invalid-utf8", "warning", `${path} is not valid UTF-8; invalid bytes were replaced with U+FFFD`, { file: path }));
  }
  const parsed = parseSessionLog(text, { file: path, rebuildCompacted: options.rebuildCompacted });
  return { value: parsed.value, diagnostics: [...diagnostics, ...parsed.diagnostics] };
}
