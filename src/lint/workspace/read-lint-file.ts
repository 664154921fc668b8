// Reading one lint target through the Host and decoding its bytes (binary and invalid UTF-8 flagged, never
// thrown). Does IO through the Host.
import type { Host } from "../../host/host.js";
import { joinPath } from "../../discover/paths.js";
import type { LintFileKind } from "../define-rule.js";
import { createLintFile, type LintFile, type ReadStatus } from "../lint-file.js";
import { LINT_MAX_FILE_BYTES } from "../rules/file-too-large.js";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
export const lossyUtf8 = new TextDecoder("utf-8");

/** Decodes bytes for lint: NUL bytes mark a binary file, invalid UTF-8 is decoded lossily and flagged. */
export function decodeLintBytes(bytes: Uint8Array): { text: string; status: ReadStatus } {
  const status: ReadStatus = {};
  if (bytes.includes(0)) status.binary = true;
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    status.invalidUtf8 = true;
    text = lossyUtf8.decode(bytes);
  }
  return { text, status };
}

/** Reads one target through the Host; never throws: problems land in the file's ReadStatus. */
export function readLintFile(host: Host, root: string, path: string, kind: LintFileKind, realPath?: string): LintFile {
  const read = host.readBytes(joinPath(root, path), { maxBytes: LINT_MAX_FILE_BYTES });
  if (!read.ok)
    return createLintFile(path, kind, "", { error: read.error.code, ...(realPath !== undefined ? { realPath } : {}) });
  const { text, status } = decodeLintBytes(read.value.bytes);
  if (read.value.truncated) status.tooLargeBytes = read.value.size;
  if (realPath !== undefined) status.realPath = realPath;
  return createLintFile(path, kind, text, status);
}
