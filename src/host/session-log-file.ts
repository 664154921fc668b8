// Appends session records to a JSONL file, one flushed line per record, under a lock file shared by processes.
// Does IO. Lock: `<log>.lock` created exclusively, 10 retries × 100 ms; a stale lock older than 30 s is broken.
import {
  closeSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { existingAncestor, makeDirectoriesNoFollow, openAppendNoFollow } from "./write-no-follow.js";
import { serializeSessionRecord, type SessionRecord } from "../session-log/session-log.js";

/** Attempts at creating the lock file before an append gives up. */
export const SESSION_LOG_LOCK_RETRIES = 10;
/** The wait between two attempts at the lock file. */
export const SESSION_LOG_LOCK_RETRY_DELAY_MS = 100;
/** A lock file older than this is taken to be left by a dead process and is broken. */
export const SESSION_LOG_STALE_LOCK_MS = 30_000;
/** `listSessionLogs` looks at no more directory entries than this. */
export const SESSION_LIST_MAX_FILES = 10_000;

export interface SessionLogFile {
  path: string;
  /** Appends and flushes; returns an error message instead of throwing when the log cannot be written. */
  append(records: readonly SessionRecord[]): string | undefined;
}

export interface SessionLogFileOptions {
  /** The folder the log's path was named from: no link below it (nor the log itself) is followed. Default: the log's folder. */
  base?: string;
  lockRetries?: number;
  lockRetryDelayMs?: number;
}

export function openSessionLogFile(path: string, options: SessionLogFileOptions = {}): SessionLogFile {
  const base = options.base ?? existingAncestor(dirname(path));
  makeDirectoriesNoFollow(dirname(path), base);
  const retries = options.lockRetries ?? SESSION_LOG_LOCK_RETRIES;
  const delayMs = options.lockRetryDelayMs ?? SESSION_LOG_LOCK_RETRY_DELAY_MS;
  const lockPath = `${path}.lock`;
  return {
    path,
    append(records) {
      if (records.length === 0) return undefined;
      const text = records.map(serializeSessionRecord).join("");
      const lock = acquire(lockPath, retries, delayMs);
      if (!lock.ok) return lock.error;
      try {
        appendWholeLines(path, text, base);
        return undefined;
      } catch (err) {
        return `cannot append to ${path}: ${(err as NodeJS.ErrnoException).code === "ELINK" ? (err as Error).message : ((err as NodeJS.ErrnoException).code ?? String(err))}`;
      } finally {
        release(lockPath, lock.fd);
      }
    },
  };
}

/** Appends `text`; a last line cut off by a crash is ended first, so the new records do not fuse with it. */
function appendWholeLines(path: string, text: string, base: string): void {
  const fd = openAppendNoFollow(path, base);
  try {
    const size = fstatSync(fd).size;
    const last = Buffer.alloc(1);
    const cutOff = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
    const bytes = Buffer.from(cutOff ? `\n${text}` : text, "utf8");
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
  } finally {
    closeSync(fd);
  }
}

function acquire(
  lockPath: string,
  retries: number,
  delayMs: number,
): { ok: true; fd: number } | { ok: false; error: string } {
  for (let attempt = 0; ; attempt++) {
    try {
      return { ok: true, fd: openSync(lockPath, "wx") };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST")
        return { ok: false, error: `cannot lock ${lockPath}: ${(err as NodeJS.ErrnoException).code}` };
      if (breakStaleLock(lockPath)) continue;
      if (attempt >= retries)
        return {
          ok: false,
          error: `session log is locked by another process (${lockPath}); gave up after ${retries} retries`,
        };
      sleepSync(delayMs);
    }
  }
}

function breakStaleLock(lockPath: string): boolean {
  try {
    // A link in the lock's place is not a lock promptc took: never removed.
    const st = lstatSync(lockPath);
    if (!st.isFile() || Date.now() - st.mtimeMs < SESSION_LOG_STALE_LOCK_MS) return false;
    unlinkSync(lockPath);
    return true;
  } catch {
    return false;
  }
}

function release(lockPath: string, fd: number): void {
  try {
    closeSync(fd);
  } finally {
    try {
      unlinkSync(lockPath);
    } catch {
      // Already gone (broken as stale by another process); nothing to undo.
    }
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export interface SessionListing {
  files: { path: string; mtimeMs: number }[];
  /** True when the directory held more than the scan limit. */
  truncated: boolean;
}

/** Session logs (`*.jsonl`) under a directory, newest first; scans at most SESSION_LIST_MAX_FILES entries. */
export function listSessionLogs(dir: string, maxFiles = SESSION_LIST_MAX_FILES): SessionListing {
  const files: { path: string; mtimeMs: number }[] = [];
  let scanned = 0;
  let truncated = false;
  const walk = (d: string): void => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? 1 : -1));
    } catch {
      return;
    }
    for (const e of entries) {
      if (scanned >= maxFiles) {
        truncated = true;
        return;
      }
      scanned++;
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && e.name.endsWith(".jsonl")) {
        try {
          files.push({ path: full, mtimeMs: statSync(full).mtimeMs });
        } catch {
          // Vanished between listing and stat.
        }
      }
    }
  };
  walk(dir);
  return { files: files.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : 1)), truncated };
}
