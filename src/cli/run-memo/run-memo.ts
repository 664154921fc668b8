// A command line run again in an unchanged world prints what it printed before: bin.ts asks here first, and when
// the last run of this command line in this folder is stored and everything it looked at is as it was, writes its
// output and exit code without loading the verb's bundle. Otherwise the run is watched (record-run.ts) and stored
// once it is over, if it can be. PROMPTC_RUN_CACHE=0 (or off) turns this off; =verbose says on standard error
// whether the run was replayed, stored, or why not. Does IO.
import { join, resolve } from "node:path";
import type { recordRun, Recorder } from "./record-run.js";
import {
  readRunMemo,
  runKey,
  runMemoFile,
  runMemoHolds,
  RUN_MEMO_SETTLE,
  whyNotStored,
  writeRunMemo,
} from "./run-memo-store.js";
import { WorkingFolderLost } from "./still-seen.js";
import { escapeTerminalControls } from "../escape-terminal-controls.js";
import { isTerminal, writerTo } from "../standard-streams.js";

export interface RunMemoSession {
  /**
   * Writes the stored output and returns the stored exit code when the memo holds; undefined otherwise; 2, with a
   * message, when the working folder cannot be entered again after its looks (still-seen.ts).
   */
  replay(): number | undefined;
  /**
   * Starts watching the run (call once, before the bundle loads) with the watcher `load` returns: bin.ts loads it
   * from its own bundle, as only a run that is not replayed needs it.
   */
  record(unwatched: readonly string[], load: () => typeof recordRun): Recorder;
  /** Stops watching and stores the run if nothing refused it; the reason it was not stored otherwise. */
  finish(exitCode: number): string | undefined;
}

export interface OpenRunMemoOptions {
  /** The user's promptc cache folder; memos live in its runs/ folder. */
  cacheRoot: string;
  /** What identifies the code that will run (bin.ts: its own hash and the bundles'). */
  build: string;
  argv: readonly string[];
}

/** Node's flags and its NODE_* variables (NODE_OPTIONS, NODE_NO_WARNINGS, NODE_PENDING_DEPRECATION, …), sorted. */
export function nodeSettings(execArgv: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const variables = Object.keys(env)
    .filter((name) => name.startsWith("NODE_"))
    .sort()
    .map((name) => `${name}=${env[name]}`);
  return [...execArgv, ...variables];
}

/** The memo session for this process, or undefined when memos are off or the working folder is gone. */
export function openRunMemo(options: OpenRunMemoOptions): RunMemoSession | undefined {
  const setting = process.env["PROMPTC_RUN_CACHE"];
  if (setting === "0" || setting === "off") return undefined;
  let cwd: string;
  try {
    cwd = process.cwd();
  } catch {
    return undefined;
  }
  // A command line that names a file in the cache folder (`tokens` of the token counts, `-o` into it) reads or
  // writes what the memo leaves unwatched.
  const root = resolve(options.cacheRoot);
  if (options.argv.some((arg) => arg !== "" && resolve(cwd, arg.replace(/^--?[\w-]+=/, "")).startsWith(root)))
    return undefined;
  // One setting for both windows (tests: 0, or a minute).
  const settingSettle = Number(process.env["PROMPTC_RUN_CACHE_SETTLE_MS"]);
  const settle =
    Number.isFinite(settingSettle) && settingSettle >= 0
      ? { coarseMs: settingSettle, fineMs: settingSettle }
      : RUN_MEMO_SETTLE;
  const dir = join(options.cacheRoot, "runs");
  const key = runKey({
    build: options.build,
    argv: options.argv,
    cwd,
    terminals: [isTerminal(1), isTerminal(2)],
    user: [
      process.getuid?.(),
      process.geteuid?.(),
      process.getgid?.(),
      process.getegid?.(),
      ...(process.getgroups?.() ?? []),
    ],
    node: `${process.execPath}:${process.version}-${process.platform}-${process.arch}`,
    nodeSettings: nodeSettings(process.execArgv, process.env),
  });
  const file = runMemoFile(dir, key);
  const say = setting === "verbose" ? (line: string) => writerTo("stderr")(`promptc: ${line}\n`) : () => {};
  let recorder: Recorder | undefined;
  let startedMs = 0;
  return {
    replay() {
      const memo = readRunMemo(file, key);
      try {
        if (memo === undefined || !runMemoHolds(memo, process.env, cwd)) return undefined;
      } catch (error) {
        if (!(error instanceof WorkingFolderLost)) throw error;
        writerTo("stderr")(`promptc: ${escapeTerminalControls(error.message)}\n`);
        return 2;
      }
      const writers = { 1: writerTo("stdout"), 2: writerTo("stderr") };
      for (const [fd, bytes] of memo.output) writers[fd](Buffer.from(bytes, "latin1"));
      say(`replayed the stored run of this command (${file})`);
      return memo.exitCode;
    },
    record(unwatched, load) {
      startedMs = Date.now();
      recorder = load()({ unwatched: [...unwatched, dir] });
      return recorder;
    },
    finish(exitCode) {
      if (recorder === undefined) return "it was not watched";
      recorder.stop();
      const { recording } = recorder;
      const why = whyNotStored(recording, startedMs, settle);
      if (why !== undefined) {
        say(`this run is not stored for replay: ${why}`);
        return why;
      }
      const { folders, looks } = recorder.packedLooks();
      writeRunMemo(dir, file, { key, env: recording.env, folders, looks, output: recording.output, exitCode });
      say(`stored this run for replay (${recording.looks.length} looks, ${file})`);
      return undefined;
    },
  };
}
