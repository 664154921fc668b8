// The Host port: the only way discovery touches the outside world (files, clock, environment).
// Types only; implementations live in node-host.ts (real) and memory-host.ts (tests).

export type FileKind = "file" | "directory" | "symlink" | "other";

export interface FileStat {
  kind: FileKind;
  size: number;
}

/** A failed host call, with the errno-like code (ENOENT, EACCES, ELOOP, EISDIR, …). */
export interface HostError {
  code: string;
  message: string;
}

export type HostResult<T> = { ok: true; value: T } | { ok: false; error: HostError };

export interface ReadBytesValue {
  bytes: Uint8Array;
  /** Size of the whole file, which may exceed `bytes.length` when `maxBytes` cut the read. */
  size: number;
  truncated: boolean;
}

export interface DirEntry {
  name: string;
  kind: FileKind;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  nowMs: number;
  /** IANA zone name, e.g. `Etc/UTC`. */
  timezone: string;
  /**
   * Today's date in `zone` (`YYYY-MM-DD`), for a reader that needs only the date: the node host lets a run memo
   * check the date again instead of never replaying a run that read the time. Optional: readers fall back to
   * `nowMs`.
   */
  dateIn?(zone: string): string;
}

/**
 * Synchronous on purpose: discovery is a handful of small stats and reads, and preview's
 * start-up budget is tight. Every call returns a result, never throws on IO errors.
 */
export interface Host {
  /** Read at most `maxBytes` bytes (all when omitted). Follows symlinks. */
  readBytes(path: string, options?: { maxBytes?: number }): HostResult<ReadBytesValue>;
  /** stat without following a final symlink. */
  lstat(path: string): HostResult<FileStat>;
  /** stat following symlinks. */
  stat(path: string): HostResult<FileStat>;
  /** Directory entries, sorted by name (byte order) so callers are deterministic. */
  readDir(path: string): HostResult<DirEntry[]>;
  /**
   * Directory entries in the file system's own order (what readdir(3) returns, unsorted; Node's readdirSync
   * sorts): for reproducing a harness that lists in that order (Claude Code's rules). Optional; callers fall
   * back to readDir.
   */
  readDirRaw?(path: string): HostResult<DirEntry[]>;
  /** Canonical absolute path (symlinks resolved). */
  realpath(path: string): HostResult<string>;
  /**
   * realpath only resolves links and keeps every other name as given (Linux; macOS and Windows give a name's case as
   * stored): a path whose last name is no link then has its folder's real path, joined with that name.
   */
  readonly realpathKeepsNames?: boolean;
  cwd(): string;
  env(name: string): string | undefined;
  home(): string | undefined;
  /** The user's login shell from the account database (what Codex reports; it ignores `$SHELL`). */
  loginShell(): string | undefined;
  clock(): Clock;
}
