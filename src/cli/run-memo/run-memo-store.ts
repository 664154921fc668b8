// Run memos on disk: one JSON file per command line (<cache>/runs/<hash>.json) holding what a run looked at, the
// variables it read, what it printed and its exit code. A memo is replayed only when its key (the build, Node and
// its start-up settings, the command line, the folder, the user, where output goes) is the run's and every look
// still sees the same (look.ts). Best effort: a memo that cannot be read or written is a run that takes its usual
// time. Does IO.
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PackedFolder, PackedLook } from "./packed-looks.js";
import { stillSeen } from "./still-seen.js";
import type { RunRecording } from "./record-run.js";
import type { EnvSeen } from "./run-notes.js";
import { makeDirectories } from "../../host/make-directories.js";
import { contentHash64 } from "../../tokens/content-key.js";

/** Raised whenever what a memo holds, or what its key covers, changes meaning. */
const RUN_MEMO_FORMAT = 3;
/** The memos kept; writing one past it removes the oldest. */
export const RUN_MEMOS_KEPT = 64;
/** What the kept memos may take on disk together; writing past it removes the oldest too. */
export const RUN_MEMOS_MAX_BYTES = 128 * 1024 * 1024;
/**
 * Output above this is not kept. A run makes its output and its looks at a far higher cost than a replay reads
 * and checks them (lint -f json of 900 folders 300 deep: 6.4 s anew, 0.22 s replayed from its 6.9 MB memo, 35k
 * looks), so these bound only a memo's size: what one replay reads into memory, and a changed tree's wasted read.
 */
export const RUN_MEMO_MAX_OUTPUT = 16 * 1024 * 1024;
/** Looks above this: the same. */
export const RUN_MEMO_MAX_LOOKS = 200_000;

export interface RunMemoLimits {
  /** How many memos stay. */
  kept: number;
  /** How many bytes they may take together. */
  maxBytes: number;
}

const RUN_MEMO_LIMITS: RunMemoLimits = { kept: RUN_MEMOS_KEPT, maxBytes: RUN_MEMOS_MAX_BYTES };
/**
 * How long ago a file a run looked at must have changed for the run to be stored: a change made within the file
 * system's timestamp granularity of the look could leave the same mtime and ctime.
 */
export interface RunMemoSettle {
  /** For times that may come from a file system keeping coarse times (look.ts: COARSE_TIME_STEP_MS; FAT: 2 s). */
  coarseMs: number;
  /**
   * For finer times, kept to the tick of the clock that stamps them (Linux's coarse clock: 10 ms at most; Windows:
   * 15.6 ms), with room for a file server's clock running a little behind ours: a run right after an editor's save
   * is stored, and the next one replayed.
   */
  fineMs: number;
}

export const RUN_MEMO_SETTLE: RunMemoSettle = { coarseMs: 2000, fineMs: 100 };

/** A memo as stored, its looks packed (packed-looks.ts). */
export interface RunMemo {
  format: number;
  key: string;
  env: EnvSeen;
  folders: PackedFolder[];
  looks: PackedLook[];
  output: [fd: 1 | 2, bytes: string][];
  exitCode: number;
}

export interface RunKeyParts {
  /** The build (bin.cjs's own hash and every bundle's it may load). */
  build: string;
  argv: readonly string[];
  cwd: string;
  /** Whether fd 1 and 2 are terminals. */
  terminals: readonly boolean[];
  /** The user and groups: what a file's permissions answer to (uid, euid, gid, egid, supplementary groups). */
  user: readonly (number | undefined)[];
  node: string;
  /**
   * Node's own settings for this process (its flags, the NODE_* variables): Node reads them before the run is
   * watched, and they change what it prints (a warning under --pending-deprecation or --experimental-permission).
   */
  nodeSettings: readonly string[];
}

export function runKey(parts: RunKeyParts): string {
  return JSON.stringify([
    RUN_MEMO_FORMAT,
    parts.build,
    parts.node,
    parts.nodeSettings,
    parts.user,
    parts.terminals,
    parts.cwd,
    parts.argv,
  ]);
}

export function runMemoFile(dir: string, key: string): string {
  return join(dir, `${contentHash64(key)}.json`);
}

/** The memo stored for this key, if any and well formed. */
export function readRunMemo(file: string, key: string): RunMemo | undefined {
  let memo: RunMemo;
  try {
    memo = JSON.parse(readFileSync(file, "utf8")) as RunMemo;
  } catch {
    return undefined;
  }
  if (memo === null || typeof memo !== "object" || memo.format !== RUN_MEMO_FORMAT || memo.key !== key)
    return undefined;
  if (!Array.isArray(memo.env) || !Array.isArray(memo.output) || !Number.isInteger(memo.exitCode)) return undefined;
  // Their entries are read as they are (packed-looks.ts).
  return Array.isArray(memo.folders) && Array.isArray(memo.looks) ? memo : undefined;
}

/**
 * Whether the memo's variables have the values they had and its looks see what they saw; `cwd`, the working folder,
 * is where the process is when this returns (still-seen.ts).
 */
export function runMemoHolds(memo: RunMemo, env: NodeJS.ProcessEnv, cwd: string): boolean {
  for (const [name, value] of memo.env) {
    if (name === "*") {
      if (Object.keys(env).sort().join("\0") !== value) return false;
    } else if ((env[name] ?? null) !== value) return false;
  }
  return stillSeen(memo, cwd);
}

/** Why the recording is not stored, or undefined when it is fit to be. */
export function whyNotStored(recording: RunRecording, startedMs: number, settle: RunMemoSettle): string | undefined {
  if (recording.refused !== undefined) return recording.refused;
  if (recording.newestMs > startedMs - settle.fineMs || recording.newestCoarseMs > startedMs - settle.coarseMs)
    return "a file it looked at changed moments ago";
  if (recording.looks.length > RUN_MEMO_MAX_LOOKS) return "it looked at too many files";
  if (recording.output.reduce((n, [, bytes]) => n + bytes.length, 0) > RUN_MEMO_MAX_OUTPUT)
    return "its output is too long";
  return undefined;
}

/**
 * Writes the memo (a whole file, renamed into place) and removes the oldest while more than `limits.kept` are kept
 * or they take more than `limits.maxBytes`; never the one just written.
 */
export function writeRunMemo(
  dir: string,
  file: string,
  memo: Omit<RunMemo, "format">,
  limits: RunMemoLimits = RUN_MEMO_LIMITS,
): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    makeDirectories(dir);
    writeFileSync(temp, JSON.stringify({ format: RUN_MEMO_FORMAT, ...memo }), { flag: "wx" });
    renameSync(temp, file);
    const memos = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => {
        const stats = statSync(join(dir, name), { throwIfNoEntry: false });
        return { path: join(dir, name), at: stats?.mtimeMs ?? 0, bytes: stats?.size ?? 0 };
      });
    let count = memos.length;
    let bytes = memos.reduce((n, m) => n + m.bytes, 0);
    for (const memo of memos.sort((a, b) => a.at - b.at)) {
      if (count <= limits.kept && bytes <= limits.maxBytes) break;
      if (memo.path === file) continue;
      rmSync(memo.path, { force: true });
      count -= 1;
      bytes -= memo.bytes;
    }
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // nothing left to clean up
    }
  }
}
