// Bounded reads of what the command line names (a file, a FIFO, /dev/zero, standard input): never more than a
// cap, and a one-line reason past it. Does IO (CLI edge).
import { resolve } from "node:path";
import { createNodeHost } from "../host/node-host.js";
import type { CliIO } from "./io.js";
import { cannotRead } from "../model/file-error.js";

/** Files named on the command line (tokens input, request bodies, reply scripts, captures). */
export const INPUT_FILE_MAX_BYTES = 64 * 1024 * 1024;
/** A user message (--message-file, standard input): far more than any model takes in one message. */
export const MESSAGE_FILE_MAX_BYTES = 16 * 1024 * 1024;

export type InputRead = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

const mib = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;

export function tooLargeMessage(name: string, maxBytes: number): string {
  return `${name} is larger than ${mib(maxBytes)}, the limit for this input; not read`;
}

/** Reads at most `maxBytes` of `path` (relative to `cwd`); a larger input is an error, not a cut. */
export function readInputFile(cwd: string, path: string, maxBytes: number = INPUT_FILE_MAX_BYTES): InputRead {
  const read = createNodeHost({ cwd }).readBytes(resolve(cwd, path), { maxBytes });
  if (!read.ok) return { ok: false, error: cannotRead(path, read.error) };
  if (read.value.truncated) return { ok: false, error: tooLargeMessage(path, maxBytes) };
  return { ok: true, bytes: read.value.bytes };
}

/** `readInputFile` as text (lossy UTF-8, BOM kept); `invalidUtf8` says replacement characters were needed. */
export function readInputText(
  cwd: string,
  path: string,
  maxBytes: number = INPUT_FILE_MAX_BYTES,
): { ok: true; text: string; invalidUtf8: boolean } | { ok: false; error: string } {
  const read = readInputFile(cwd, path, maxBytes);
  if (!read.ok) return read;
  try {
    return {
      ok: true,
      text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(read.bytes),
      invalidUtf8: false,
    };
  } catch {
    return { ok: true, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(read.bytes), invalidUtf8: true };
  }
}

/** Standard input, at most `maxBytes`; a one-line error past it or when there is none. */
export async function readStdinCapped(
  io: CliIO,
  maxBytes: number,
): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  if (!io.readStdin) return { ok: false, error: "standard input is not available" };
  const text = await io.readStdin({ maxBytes });
  if (text === undefined) return { ok: false, error: tooLargeMessage("standard input", maxBytes) };
  return { ok: true, text };
}
