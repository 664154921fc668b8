// Watches one run of a verb's bundle for what it learns from outside the command line and what it prints, so the
// run can be stored as a memo (run-memo-store.ts) and replayed while everything it looked at is unchanged. The
// bundle reaches Node only through the require bin.ts hands it, so the watching sits there, not in the code that
// runs: node:fs and node:os answer through proxies that note each look (look.ts); process.env notes each variable
// read; writes to fd 1 and 2 are kept. Anything else that could make two runs differ refuses the memo: standard
// input, the clock, randomness, a child process, the network, a write outside the caches that only speed runs up,
// or an fs or os function not listed below. Does IO.
import { resolve, sep } from "node:path";
import { codeOf, OS_LOOKS, sameSeen, seenTimes, type Look, type LookKind, type Seen } from "./look.js";
import type { AnyFn, EnvSeen, RunNotes } from "./run-notes.js";
import { absolutePath } from "./absolute-path.js";
import { packLooks, type PackedLooks } from "./packed-looks.js";
import { watchFs } from "./watch-fs.js";
import { watchProcess } from "./watch-process.js";
import { nodeOs } from "../../host/node-os.js";

export interface RunRecording {
  looks: Look[];
  env: EnvSeen;
  /** fd 1 or 2 and the bytes written, as Latin-1 (one character per byte). */
  output: [fd: 1 | 2, bytes: string][];
  /** Why this run cannot be a memo; undefined while it can. */
  refused: string | undefined;
  /** The newest mtime or ctime among the files and folders looked at. */
  newestMs: number;
  /** The newest of those that may come from a file system keeping coarse times (look.ts). */
  newestCoarseMs: number;
}

export interface RecordRunOptions {
  /**
   * Files and folders whose content only makes runs faster (the code and token-count caches): read and written
   * freely, never looked at. Absolute.
   */
  unwatched: readonly string[];
}

export interface Recorder {
  readonly recording: RunRecording;
  /** The looks packed as a memo stores them (after stop): here, as only a run that is stored needs the packer. */
  packedLooks(): PackedLooks;
  /** The require for the bundle and its chunks: node:fs, node:os and friends behind the watch. */
  require(id: string): unknown;
  /** Puts process.env, stdin, the clock and randomness back as they were. */
  stop(): void;
}

/**
 * Node's modules that reach outside the process in ways no look covers (processes, sockets, threads, the module
 * loader, randomness): every function of theirs refuses the memo.
 */
const REFUSING_MODULES = new Set([
  "child_process",
  "cluster",
  "crypto",
  "dgram",
  "dns",
  "http",
  "http2",
  "https",
  "inspector",
  "module",
  "net",
  "perf_hooks",
  "readline",
  "repl",
  "tls",
  "worker_threads",
]);
/** Modules whose functions answer from nothing outside the arguments. */
const PURE_MODULES = new Set([
  "path",
  "url",
  "util",
  "events",
  "buffer",
  "string_decoder",
  "stream",
  "tty",
  "vm",
  "process",
  "assert",
  "querystring",
  "zlib",
]);

const bare = (id: string): string => (id.startsWith("node:") ? id.slice(5) : id);

/** A recording before the run: nothing looked at, nothing written. */
export function newRunRecording(): RunRecording {
  return { looks: [], env: [], output: [], refused: undefined, newestMs: 0, newestCoarseMs: 0 };
}

export function recordRun(options: RecordRunOptions): Recorder {
  const recording = newRunRecording();
  const looks = new Map<string, Look>();
  const unwatched = options.unwatched.map((p) => resolve(p));
  const notes: RunNotes = {
    refuse(reason) {
      recording.refused ??= reason;
    },
    note(kind: LookKind, subject: string, seen: Seen, detail?: number) {
      const id = `${kind}\0${subject}\0${detail ?? ""}`;
      const before = looks.get(id);
      if (before === undefined)
        looks.set(id, detail === undefined ? [kind, subject, seen] : [kind, subject, seen, detail]);
      else if (!sameSeen(before[2], seen)) notes.refuse(`${subject} changed while the run looked at it`);
    },
    output(fd, bytes) {
      if (bytes.length > 0) recording.output.push([fd, bytes.toString("latin1")]);
    },
    isUnwatched(path) {
      const abs = absolutePath(path);
      // Inside an unwatched folder, or a file's own temporary sibling (`token-counts-v1.tsv.<pid>.tmp`).
      return unwatched.some(
        (u) => abs === u || abs.startsWith(u.endsWith(sep) ? u : u + sep) || abs.startsWith(`${u}.`),
      );
    },
    isCacheFolder(path) {
      const abs = absolutePath(path);
      return unwatched.some((u) => u === abs || u.startsWith(abs.endsWith(sep) ? abs : abs + sep));
    },
  };
  const { refuse, note } = notes;

  /** A module every function of which refuses the memo (still runs). */
  const refusingCache = new Map<object, object>();
  function refusing(mod: object, name: string): object {
    if (!refusingCache.has(mod))
      refusingCache.set(
        mod,
        new Proxy(mod, {
          get(target, key) {
            const value = Reflect.get(target, key);
            if (typeof value !== "function") return value;
            return new Proxy(value as AnyFn, {
              apply(fn, self, args) {
                refuse(`${name}.${String(key)}`);
                return Reflect.apply(fn, self, args);
              },
              construct(fn, args, newTarget) {
                refuse(`${name}.${String(key)}`);
                return Reflect.construct(fn, args, newTarget);
              },
            });
          },
        }),
      );
    return refusingCache.get(mod)!;
  }

  const realOs = nodeOs() as unknown as { [name: string]: unknown };
  const osProxy = new Proxy(realOs, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof key !== "string" || typeof value !== "function") return value;
      if (!OS_LOOKS.has(key))
        return (...args: unknown[]) => {
          refuse(`os.${key}`);
          return (value as AnyFn)(...args);
        };
      return (...args: unknown[]) => {
        if (args.length > 0) refuse(`os.${key} with arguments`);
        let result: unknown;
        try {
          result = (value as AnyFn)(...args);
        } catch (error) {
          // As a replay's look answers it (look.ts): the error's code.
          note("os", key, codeOf(error));
          throw error;
        }
        note("os", key, `=${JSON.stringify(result)}`);
        return result;
      };
    },
  });

  const watched = watchFs(notes, refusing);
  const moduleFor = (id: string, load: (id: string) => unknown): unknown => {
    const name = bare(id);
    if (name === "fs") return watched.fs;
    if (name === "os") return osProxy;
    const mod = load(id);
    if (PURE_MODULES.has(name)) return mod;
    // Anything else (a file, a package, a module of Node's not listed) may have read what no look saw.
    if (!REFUSING_MODULES.has(name)) refuse(`require("${id}")`);
    return mod === null || (typeof mod !== "object" && typeof mod !== "function") ? mod : refusing(mod as object, name);
  };

  const processWatch = watchProcess(notes, moduleFor);

  return {
    recording,
    packedLooks: () => packLooks(recording.looks),
    require: (id: string) => moduleFor(id, require),
    stop() {
      recording.env = processWatch.stop();
      recording.looks = [...looks.values(), ...watched.statLooks(looks)];
      for (const look of recording.looks) {
        const times = seenTimes(look);
        recording.newestMs = Math.max(recording.newestMs, times.newestMs);
        recording.newestCoarseMs = Math.max(recording.newestCoarseMs, times.newestCoarseMs);
      }
    },
  };
}
