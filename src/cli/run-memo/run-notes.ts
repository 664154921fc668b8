// What the watchers of a recorded run (watch-fs.ts, watch-process.ts) tell its recording (record-run.ts). Types only.
import type { LookKind, Seen } from "./look.js";

/** Any function, as the watchers wrap them. */
export type AnyFn = (...args: unknown[]) => unknown;

/** The variables a run read: name → value, null for unset; `"*"` → the whole environment when it listed them. */
export type EnvSeen = [name: string, value: string | null][];

export interface RunNotes {
  /** A look and what it saw (look.ts); a second, different answer for the same look refuses the memo. */
  note(kind: LookKind, subject: string, seen: Seen, detail?: number): void;
  /** Why the run cannot be a memo; the first reason is kept. */
  refuse(reason: string): void;
  /** Bytes written to fd 1 or 2. */
  output(fd: 1 | 2, bytes: Buffer): void;
  /** Whether a path is one of the caches that only make runs faster, read and written without a look. */
  isUnwatched(path: string): boolean;
  /** Whether a path is a folder that holds an unwatched one (the cache folder and those above it). */
  isCacheFolder(path: string): boolean;
}
