// Rewrites a file only if it still holds the bytes it was read with: re-read and compare, then an atomic rename
// of a sibling temporary file (same mode). Never through a link. Does IO; failures are values, never thrown.
import {
  closeSync,
  constants,
  fchmodSync,
  fsyncSync,
  ftruncateSync,
  lstatSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";

export type ReplaceFileResult =
  | { ok: true }
  | { ok: false; reason: "changed" | "link" | "not-a-file" | "error"; message: string };

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && Buffer.compare(a, b) === 0;

function errorOf(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e.code ?? String(err);
}

/** `path` replaced by `next` when it still reads as `expected`; the reason (one line) when it is not. */
export function replaceFileIfUnchanged(path: string, expected: Uint8Array, next: Uint8Array): ReplaceFileResult {
  let mode: number;
  let links: number;
  try {
    const st = lstatSync(path);
    if (st.isSymbolicLink())
      return {
        ok: false,
        reason: "link",
        message: "is a symbolic link; not fixed (promptc does not write through links)",
      };
    if (!st.isFile()) return { ok: false, reason: "not-a-file", message: "is not a regular file; not fixed" };
    mode = st.mode & 0o7777;
    links = st.nlink;
  } catch (err) {
    return { ok: false, reason: "error", message: `cannot be fixed: ${errorOf(err)}` };
  }
  const unchanged = (): boolean => {
    try {
      return sameBytes(readFileSync(path), expected);
    } catch {
      return false;
    }
  };
  if (!unchanged())
    return { ok: false, reason: "changed", message: "changed since it was read; not fixed (run lint --fix again)" };
  // A file with other hard links is rewritten in place: a rename would split it from them.
  if (links > 1) {
    try {
      const fd = openSync(path, constants.O_WRONLY | constants.O_NOFOLLOW);
      try {
        for (let written = 0; written < next.length; )
          written += writeSync(fd, next, written, next.length - written, written);
        ftruncateSync(fd, next.length);
      } finally {
        closeSync(fd);
      }
      return { ok: true };
    } catch (err) {
      return { ok: false, reason: "error", message: `cannot be written: ${errorOf(err)}` };
    }
  }
  const temp = join(dirname(path), `.${basename(path)}.promptc-fix-${process.pid}`);
  let fd: number | undefined;
  let created = false;
  try {
    fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
    created = true;
    fchmodSync(fd, mode);
    for (let written = 0; written < next.length; ) written += writeSync(fd, next, written, next.length - written);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    // The last look before the rename: an edit made while the fixes were written is not lost.
    if (!unchanged()) {
      unlinkSync(temp);
      return { ok: false, reason: "changed", message: "changed since it was read; not fixed (run lint --fix again)" };
    }
    renameSync(temp, path);
    return { ok: true };
  } catch (err) {
    try {
      if (fd !== undefined) closeSync(fd);
      // Only the temporary file this call created is removed (a name someone else holds is left alone).
      if (created) unlinkSync(temp);
    } catch {
      // nothing of ours is left to remove
    }
    return { ok: false, reason: "error", message: `cannot be written: ${errorOf(err)}` };
  }
}
