// The real Host: synchronous node:fs calls, errors turned into HostResult values, never thrown.
// Does IO (this is the edge).
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  readdirSync,
  realpathSync,
  statSync,
  opendirSync,
} from "node:fs";
import type { Dirent, Stats } from "node:fs";
import type { DirEntry, FileKind, FileStat, Host, HostResult, ReadBytesValue } from "./host.js";
import { compareByteOrder } from "./byte-order.js";
import { nodeOs } from "./node-os.js";
import { currentRunWatch } from "./run-watch.js";
import { formatDateInZone } from "../discover/resolve-environment.js";

/** Chunk size for reads of unknown length (pipes, /proc files); bounded by maxBytes anyway. */
const READ_CHUNK_BYTES = 64 * 1024;
/** How long a read waits between polls of a pipe whose writer has not written yet. */
const PIPE_POLL_MS = 10;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * One read. A named FIFO is opened non-blocking (a FIFO nobody writes to must not hang discovery): with no writer
 * it reads as empty; with a writer that has not written yet (process substitution), it waits like cat does.
 */
function readChunk(fd: number, buf: Uint8Array, want: number): number {
  for (;;) {
    try {
      return readSync(fd, buf, 0, want, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      Atomics.wait(pause, 0, 0, PIPE_POLL_MS);
    }
  }
}

function fail<T>(error: unknown): HostResult<T> {
  const e = error as { code?: unknown; message?: unknown };
  const code = typeof e.code === "string" ? e.code : "EIO";
  const message = typeof e.message === "string" ? e.message : String(error);
  return { ok: false, error: { code, message } };
}

/**
 * ENOENT without an exception (discovery probes many paths that do not exist, e.g. every skill's sidecar);
 * the message is the one Node's thrown error carries.
 */
function missing<T>(syscall: "stat" | "lstat", path: string): HostResult<T> {
  return { ok: false, error: { code: "ENOENT", message: `ENOENT: no such file or directory, ${syscall} '${path}'` } };
}

function kindOfStats(s: Stats): FileKind {
  if (s.isSymbolicLink()) return "symlink";
  if (s.isDirectory()) return "directory";
  if (s.isFile()) return "file";
  return "other";
}

/**
 * A stat's kind, and its size read only when asked: a run memo (src/cli/run-memo/) then depends on the size of only
 * the files whose size a run used, not on /tmp's, which grows with every file made there.
 */
function fileStat(s: Stats): FileStat {
  return {
    kind: kindOfStats(s),
    get size() {
      return s.size;
    },
  };
}

function kindOfDirent(d: Dirent): FileKind {
  if (d.isSymbolicLink()) return "symlink";
  if (d.isDirectory()) return "directory";
  if (d.isFile()) return "file";
  return "other";
}

/** The failure a read of a directory gives (the same message for both ways of finding out). */
const directoryReadError = (path: string): HostResult<ReadBytesValue> => ({
  ok: false,
  error: { code: "EISDIR", message: `EISDIR: is a directory, read '${path}'` },
});

/**
 * Reused by every whole-file read (reads are synchronous): each file then costs one buffer of its own size.
 * Plain typed arrays: Buffer's allocUnsafeSlow and subarray are Node functions each run would compile.
 */
const scratch = new Uint8Array(READ_CHUNK_BYTES);
const probe = new Uint8Array(1);

/** One Uint8Array of `total` bytes from `chunks` (the only chunk itself when there is one). */
function joinChunks(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1 && (chunks[0] as Uint8Array).length === total) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * A whole file, read to its end without a stat first (a stat's Stats object and call were a fifth of a
 * 300-skill preview's reading): the file's size is what was read. A directory fails at the first read.
 */
function readWhole(fd: number, path: string): HostResult<ReadBytesValue> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let n: number;
    try {
      n = readChunk(fd, scratch, READ_CHUNK_BYTES);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EISDIR") return directoryReadError(path);
      throw error;
    }
    if (n === 0) break;
    const chunk = new Uint8Array(n);
    chunk.set(n === READ_CHUNK_BYTES ? scratch : scratch.subarray(0, n));
    chunks.push(chunk);
    total += n;
  }
  return { ok: true, value: { bytes: joinChunks(chunks, total), size: total, truncated: false } };
}

/** Reads at most `maxBytes`: the buffer never grows past the limit, so a 100 MB file costs only the limit. */
function readLimited(path: string, maxBytes: number | undefined): HostResult<ReadBytesValue> {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return fail(error);
  }
  try {
    if (maxBytes === undefined) return readWhole(fd, path);
    // A limited read reports the whole file's size (fstat's) when it stops short.
    const st = fstatSync(fd);
    if (st.isDirectory()) return directoryReadError(path);
    const limit = Math.max(0, Math.floor(maxBytes));
    const chunks: Uint8Array[] = [];
    let total = 0;
    // Past the size fstat gave, one byte first: at the end of a regular file it reads nothing, and a 64 KiB
    // buffer per file read was most of a 300-skill preview's reading. Sizes lie for pipes and /proc: chunks then.
    let endProbed = st.size === 0;
    while (total < limit) {
      const past = endProbed ? READ_CHUNK_BYTES : 1;
      if (st.size <= total) endProbed = true;
      const want = Math.min(limit - total, st.size > total ? st.size - total : past);
      const buf = new Uint8Array(want);
      const n = readChunk(fd, buf, want);
      if (n === 0) break;
      chunks.push(n === want ? buf : buf.subarray(0, n));
      total += n;
    }
    // One probe byte tells whether anything was left unread (sizes lie for pipes and /proc).
    const truncated = total >= limit && readChunk(fd, probe, 1) > 0;
    const size = Math.max(st.size, total + (truncated ? 1 : 0));
    return { ok: true, value: { bytes: joinChunks(chunks, total), size, truncated } };
  } catch (error) {
    return fail(error);
  } finally {
    try {
      closeSync(fd);
    } catch {
      // closing a read-only descriptor cannot lose data
    }
  }
}

export interface NodeHostOptions {
  /** Overrides for reproducible output; each falls back to the real process value. */
  cwd?: string;
  env?: Record<string, string | undefined>;
  home?: string;
  loginShell?: string;
  nowMs?: number;
  timezone?: string;
}

export function createNodeHost(options: NodeHostOptions = {}): Host {
  return {
    readBytes: (path, opts) => readLimited(path, opts?.maxBytes),
    lstat(path): HostResult<FileStat> {
      try {
        const s = lstatSync(path, { throwIfNoEntry: false });
        if (s === undefined) return missing("lstat", path);
        return { ok: true, value: fileStat(s) };
      } catch (error) {
        return fail(error);
      }
    },
    stat(path): HostResult<FileStat> {
      try {
        const s = statSync(path, { throwIfNoEntry: false });
        if (s === undefined) return missing("stat", path);
        return { ok: true, value: fileStat(s) };
      } catch (error) {
        return fail(error);
      }
    },
    readDir(path): HostResult<DirEntry[]> {
      try {
        const entries = readdirSync(path, { withFileTypes: true }).map((d) => ({
          name: d.name,
          kind: kindOfDirent(d),
        }));
        entries.sort((a, b) => compareByteOrder(a.name, b.name));
        return { ok: true, value: entries };
      } catch (error) {
        return fail(error);
      }
    },
    // readdirSync sorts (libuv's scandir); opendir reads the directory in the file system's own order.
    readDirRaw(path): HostResult<DirEntry[]> {
      try {
        const dir = opendirSync(path);
        const entries: DirEntry[] = [];
        try {
          for (let d = dir.readSync(); d !== null; d = dir.readSync())
            entries.push({ name: d.name, kind: kindOfDirent(d) });
        } finally {
          dir.closeSync();
        }
        return { ok: true, value: entries };
      } catch (error) {
        return fail(error);
      }
    },
    realpath(path): HostResult<string> {
      try {
        return { ok: true, value: realpathSync.native(path) };
      } catch (error) {
        return fail(error);
      }
    },
    realpathKeepsNames: process.platform === "linux",
    cwd: () => options.cwd ?? process.cwd(),
    env: (name) => (options.env ? options.env[name] : process.env[name]),
    // The environment handed in is the process's for every lookup, HOME included.
    home: () => options.home ?? ((options.env ? options.env["HOME"] : process.env["HOME"]) || safeHomedir()),
    loginShell: () => options.loginShell ?? safeLoginShell(),
    clock: () => {
      let nowMs = options.nowMs;
      let timezone = options.timezone;
      // Each resolved on first read only: Intl's time-zone lookup costs ~10 ms of start-up, and a run with
      // --timezone, or one that finds /etc/localtime, never needs it; a run that never reads the time can be
      // replayed from a run memo (src/cli/run-memo/).
      return {
        get nowMs(): number {
          nowMs ??= Date.now();
          return nowMs;
        },
        dateIn(zone: string): string {
          const watch = nowMs === undefined ? currentRunWatch() : undefined;
          return watch !== undefined ? watch.dateIn(zone) : formatDateInZone(this.nowMs, zone);
        },
        get timezone(): string {
          timezone ??= systemTimezone();
          return timezone;
        },
      };
    },
  };
}

/** The passwd entry's shell; undefined when the account has none (userInfo throws then). */
function safeLoginShell(): string | undefined {
  try {
    return nodeOs().userInfo().shell || undefined;
  } catch {
    return undefined;
  }
}

function safeHomedir(): string | undefined {
  try {
    return nodeOs().homedir() || undefined;
  } catch {
    return undefined;
  }
}

function systemTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "Etc/UTC";
  } catch {
    return "Etc/UTC";
  }
}
