// Writers that never follow a symbolic link: the target and every folder between a trusted base and it must be
// real (a hostile repository can commit links, dangling ones too). Does IO; errors are one-line Error messages.
import { closeSync, constants, lstatSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

/** Thrown when a write would go through a link or onto something that is not a regular file. */
export class UnsafeWriteError extends Error {
  readonly code = "ELINK";
}

const kindOf = (path: string): "missing" | "link" | "dir" | "file" | "other" => {
  let st;
  try {
    st = lstatSync(path, { throwIfNoEntry: false });
  } catch (err) {
    // A file where a folder should be: the write that follows fails with the system's own error.
    if ((err as NodeJS.ErrnoException).code === "ENOTDIR") return "missing";
    throw err;
  }
  if (st === undefined) return "missing";
  return st.isSymbolicLink() ? "link" : st.isDirectory() ? "dir" : st.isFile() ? "file" : "other";
};

const linkError = (path: string): UnsafeWriteError =>
  new UnsafeWriteError(`${path} is a symbolic link; promptc does not write through links`);

/**
 * The folders from `base` (exclusive: it and its ancestors are the user's) down to `dir` (inclusive). When `dir`
 * is not below `base`, the named folder itself is the first one checked.
 */
function foldersBelow(base: string, dir: string): string[] {
  const rel = relative(resolve(base), resolve(dir));
  const inside = rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
  const top = inside ? resolve(base) : existingAncestor(dirname(resolve(dir)));
  const parts = relative(top, resolve(dir)).split(sep).filter(Boolean);
  return parts.map((_, i) => resolve(top, ...parts.slice(0, i + 1)));
}

const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The deepest folder at or above `dir` that exists (the base when a writer was given none). */
export function existingAncestor(dir: string): string {
  let current = resolve(dir);
  while (!isDirectory(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/** `mkdir -p dir` that refuses a link (or a file) among the folders below `base`. */
export function makeDirectoriesNoFollow(dir: string, base: string): void {
  for (const folder of foldersBelow(base, dir)) {
    const kind = kindOf(folder);
    if (kind === "link") throw linkError(folder);
    if (kind === "dir") continue;
    try {
      // A file in the way fails here with the system's own EEXIST.
      mkdirSync(folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || kindOf(folder) !== "dir") throw err;
    }
  }
}

/** Checks `path`'s folders below `base` and `path` itself: a regular file or nothing, never a link. */
export function checkWritablePath(path: string, base: string): void {
  for (const folder of foldersBelow(base, dirname(path))) {
    const kind = kindOf(folder);
    if (kind === "link") throw linkError(folder);
  }
  const kind = kindOf(path);
  if (kind === "link") throw linkError(path);
  if (kind !== "missing" && kind !== "file") throw new UnsafeWriteError(`${path} exists and is not a regular file`);
}

/**
 * Creates or replaces the regular file `path` with `data` (making missing folders below `base` with
 * `makeFolders`). The final open uses O_NOFOLLOW, so a link planted after the check fails (ELOOP) instead of
 * being followed.
 */
export function writeFileNoFollow(
  path: string,
  data: string | Uint8Array,
  base: string,
  options: { makeFolders?: boolean } = {},
): void {
  if (options.makeFolders) makeDirectoriesNoFollow(dirname(path), base);
  checkWritablePath(path, base);
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o666);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOOP") throw linkError(path);
    throw err;
  }
  try {
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
  } finally {
    closeSync(fd);
  }
}

/** Opens `path` for appending (created when missing), never through a link. */
export function openAppendNoFollow(path: string, base: string): number {
  checkWritablePath(path, base);
  try {
    return openSync(path, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o666);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOOP") throw linkError(path);
    throw err;
  }
}

/** Removes a regular file promptc wrote; a link or anything else in its place is refused, not removed. */
export function removeFileNoFollow(path: string, base: string): void {
  checkWritablePath(path, base);
  if (kindOf(path) === "file") unlinkSync(path);
}
