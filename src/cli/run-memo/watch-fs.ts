// The watched node:fs a recorded run gets (record-run.ts): each call that looks at the file system notes what it
// saw (look.ts), a stat is handed back as a proxy that notes the fields read of it, writes to fd 1 and 2 are kept,
// and a call no look covers (a write outside the caches, a stream, fs.promises) refuses the memo. Does IO.
import type * as Fs from "node:fs";
import type { Stats } from "node:fs";
import { fileURLToPath } from "node:url";
import { absolutePath } from "./absolute-path.js";
import { codeOf, lookAgain, sameSeen, statSeen, type Look, type LookKind, type Seen } from "./look.js";
import { identityReader } from "./file-identity.js";

import { DATE_FIELDS, LOOKS, ON_FD, PSEUDO_FILES, READS, STAT_FIELDS, STATS, TWO_PATHS, WRITES } from "./fs-calls.js";
import type { AnyFn, RunNotes } from "./run-notes.js";

/**
 * node:fs itself, not a bundler's copy of its properties (an ES namespace import would copy ~100 of them on every
 * run: 0.25 ms).
 */
const realFs = ((process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.("node:fs") ??
  require("node:fs")) as typeof Fs;

function pathOf(arg: unknown): string | undefined {
  if (typeof arg === "string") return arg;
  if (arg instanceof URL && arg.protocol === "file:") return fileURLToPath(arg);
  return undefined;
}

function isWriteFlag(flags: unknown): boolean {
  if (flags === undefined) return false;
  if (typeof flags === "number") return (flags & (realFs.constants.O_WRONLY | realFs.constants.O_RDWR)) !== 0;
  return typeof flags !== "string" || flags !== "r";
}

export function latin1(chunk: unknown, encoding?: unknown): Buffer {
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.alloc(0);
}

export interface WatchedFs {
  /** The module to hand the run. */
  fs: typeof Fs;
  /** The stat fields the run read, as looks (a whole stat of the same path covers them). */
  statLooks(whole: ReadonlyMap<string, Look>): Look[];
}

/** `refusing` wraps fs.promises, every function of which refuses the memo. */
export function watchFs(notes: RunNotes, refusing: (mod: object, name: string) => object): WatchedFs {
  const { note, refuse, output, isUnwatched } = notes;
  /** Stats handed to the run, each with the fields it read of them (look.ts: stat-of). */
  const watchedStats = new Map<
    string,
    { kind: "stat-of" | "lstat-of"; path: string; stats: Stats; fields: Set<string> }
  >();
  const watchStats = (kind: "stat" | "lstat", path: string, stats: Stats): Stats => {
    const id = `${kind}\0${path}`;
    let entry = watchedStats.get(id);
    if (entry === undefined) {
      entry = { kind: kind === "stat" ? "stat-of" : "lstat-of", path, stats, fields: new Set(["type"]) };
      watchedStats.set(id, entry);
    } else if (!sameSeen(statSeen(entry.stats), statSeen(stats))) refuse(`${path} changed while the run looked at it`);
    const fields = entry.fields;
    return new Proxy(stats, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof key !== "string") return value;
        if (typeof value === "function") {
          fields.add(key.startsWith("is") ? "type" : "mode");
          return (value as AnyFn).bind(target);
        }
        fields.add(key in DATE_FIELDS ? DATE_FIELDS[key]! : key);
        return value;
      },
      ownKeys(target) {
        for (const field of STAT_FIELDS) fields.add(field);
        return Reflect.ownKeys(target);
      },
    });
  };
  /** A stat call's answer, watched: its error as a look, its Stats as the fields the run reads. */
  const statAnswer = (kind: "stat" | "lstat", path: string, error: unknown, stats: unknown): unknown => {
    if (error !== null && error !== undefined) {
      const code = (error as { code?: unknown }).code;
      note(kind, path, typeof code === "string" ? code : "ERROR");
      return stats;
    }
    if (stats === undefined) {
      note(kind, path, "ENOENT");
      return stats;
    }
    return stats instanceof realFs.Stats ? watchStats(kind, path, stats) : (refuse(`fs.${kind} with bigint`), stats);
  };
  const identityAt = identityReader();
  /** A file's identity as a stat look keeps it (statSeen's answer), read without building a Stats. */
  const identityLook = (path: string): Seen => {
    try {
      return identityAt(path) ?? "ENOENT";
    } catch (error) {
      return codeOf(error);
    }
  };
  const lookNow = (kind: LookKind, path: string, mode?: number): void =>
    note(kind, path, kind === "stat" ? identityLook(path) : lookAgain(kind, path, mode), mode);

  const writableFds = new Set<number>();

  /** What a call to fs's `name` means for the memo, before it runs. */
  const beforeCall = (name: string, args: unknown[]): void => {
    if (name === "writeSync" || name === "write") {
      const fd = args[0];
      // fs.write's bytes reach fd 1 or 2 later, in its callback's time: only writeSync's are kept.
      if ((name === "writeSync" && (fd === 1 || fd === 2)) || (typeof fd === "number" && writableFds.has(fd))) return;
      return refuse(`fs.${name} to descriptor ${String(fd)}`);
    }
    if (ON_FD.has(name)) {
      if (args[0] === 0) refuse("standard input");
      return;
    }
    if (name === "openSync" || name === "open") {
      const path = pathOf(args[0]);
      if (path === undefined) return refuse(`fs.${name} of a path that is not a string`);
      if (isUnwatched(path)) return;
      if (PSEUDO_FILES.test(absolutePath(path))) return refuse(`a read of ${path}`);
      if (isWriteFlag(args[1])) return refuse(`a write to ${path}`);
      return lookNow("stat", path);
    }
    if (STATS[name] !== undefined) {
      if (pathOf(args[0]) === undefined) refuse(`fs.${name} of a path that is not a string`);
      return;
    }
    const kind = LOOKS[name];
    if (kind !== undefined || READS.has(name)) {
      const path = pathOf(args[0]);
      if (path === undefined) return refuse(`fs.${name} of a path that is not a string`);
      if (isUnwatched(path)) return;
      if (READS.has(name) && PSEUDO_FILES.test(absolutePath(path))) return refuse(`a read of ${path}`);
      return lookNow(
        kind ?? "stat",
        path,
        kind === "access" ? ((args[1] as number | undefined) ?? realFs.constants.F_OK) : undefined,
      );
    }
    if (WRITES.has(name)) {
      const paths = TWO_PATHS.has(name) ? [args[0], args[1]] : [args[0]];
      for (const arg of paths) {
        const path = pathOf(arg);
        // Making the caches' folders (a first run) changes nothing a run reads.
        if (path !== undefined && (name === "mkdirSync" || name === "mkdir") && notes.isCacheFolder(path)) continue;
        if (path === undefined || !isUnwatched(path)) return refuse(`fs.${name} of ${String(arg)}`);
      }
      return;
    }
    refuse(`fs.${name}`);
  };

  /** writeSync to fd 1 or 2, keeping the bytes written. */
  function keepWrite(this: unknown, fn: AnyFn, args: unknown[]): number {
    const fd = args[0] as 1 | 2;
    const data = args[1];
    if (typeof data === "string") {
      const bytes = latin1(data, args[3] ?? args[2]);
      const n = realFs.writeSync(fd, bytes);
      output(fd, bytes.subarray(0, n));
      return n;
    }
    const view = latin1(data);
    const offset = typeof args[2] === "number" ? args[2] : 0;
    const n = fn.apply(this, args) as number;
    output(fd, view.subarray(offset, offset + n));
    return n;
  }

  const wrapFs = (name: string, fn: AnyFn): AnyFn => {
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      beforeCall(name, args);
      if (name === "writeSync" && (args[0] === 1 || args[0] === 2)) {
        try {
          return keepWrite.call(this, fn, args);
        } catch (error) {
          // A reader that went away (EPIPE) gets less than the run printed; the rest may go to Node's stream.
          refuse(`a write to fd ${args[0] as number} that failed`);
          throw error;
        }
      }
      const statKind = STATS[name];
      const statPath = statKind !== undefined ? pathOf(args[0]) : undefined;
      if (statKind !== undefined && statPath !== undefined && !isUnwatched(statPath)) {
        if (name.endsWith("Sync")) {
          let stats: unknown;
          try {
            stats = fn.apply(this, args);
          } catch (error) {
            statAnswer(statKind, statPath, error, undefined);
            throw error;
          }
          return statAnswer(statKind, statPath, undefined, stats);
        }
        const done = args[args.length - 1];
        if (typeof done === "function")
          args[args.length - 1] = (error: unknown, stats: unknown) =>
            (done as AnyFn)(error, statAnswer(statKind, statPath, error, stats));
        else refuse(`fs.${name} without a callback`);
        return fn.apply(this, args);
      }
      const result = fn.apply(this, args);
      if (name === "openSync" && typeof result === "number" && isWriteFlag(args[1])) writableFds.add(result);
      return result;
    };
    if (name === "realpathSync" || name === "realpath") {
      const native = (fn as unknown as { native: AnyFn }).native;
      (wrapped as unknown as { native: AnyFn }).native = function (this: unknown, ...args: unknown[]): unknown {
        const path = pathOf(args[0]);
        if (path === undefined) refuse(`fs.${name}.native of a path that is not a string`);
        else if (!isUnwatched(path)) lookNow("realpath-native", path);
        return native.apply(this, args);
      };
    }
    return wrapped;
  };

  const fsCache = new Map<string, unknown>();
  const fs = new Proxy(realFs, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof key !== "string") return value;
      if (key === "promises") return refusing(value as object, "fs.promises");
      if (typeof value !== "function" || /^[A-Z]/.test(key)) return value;
      if (!fsCache.has(key)) fsCache.set(key, wrapFs(key, value as AnyFn));
      return fsCache.get(key);
    },
  });

  return {
    fs,
    statLooks(whole) {
      const looks: Look[] = [];
      for (const { kind, path, stats, fields } of watchedStats.values()) {
        // A whole stat of the same path (it was also read or listed) already covers every field but atime.
        const covering = whole.get(`${kind === "stat-of" ? "stat" : "lstat"}\0${path}\0`);
        if (
          covering !== undefined &&
          typeof covering[2] !== "string" &&
          !fields.has("atimeMs") &&
          !fields.has("birthtimeMs")
        )
          continue;
        const read = [...fields].sort().join(",");
        looks.push([kind, path, statSeen(stats, read), read]);
      }
      return looks;
    },
  };
}
