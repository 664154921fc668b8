// One look at the outside world as a run memo stores it (src/cli/run-memo/record-run.ts), and the same look taken
// again when the memo is replayed: a memo is used only if every look sees what the recorded run saw. Does IO.
import { accessSync, lstatSync, readlinkSync, realpathSync, statSync, type Stats } from "node:fs";
import { nodeOs } from "../../host/node-os.js";
import { formatDateInZone } from "../../discover/resolve-environment.js";
import { IDENTITY, identityOf } from "./file-identity.js";

/**
 * `stat`/`lstat`: a file's identity and times (device, inode, size, mtime, ctime), or the error
 * code; a file that is read or a folder that is listed is looked at with `stat` first, so any later write, entry
 * added or removed, or replacement changes what the look sees. `stat-of`/`lstat-of`: only the fields the run read
 * of a stat it asked for (its type and size, say: whether /tmp is a folder, not when a file was last made in it).
 * `realpath`, `readlink`, `access`: the call's answer. `os`: what node:os said (the home folder, the account, the
 * temporary folder). `date`: today's date in a zone (src/host/run-watch.ts).
 */
export type LookKind =
  | "stat"
  | "lstat"
  | "stat-of"
  | "lstat-of"
  | "realpath"
  | "realpath-native"
  | "readlink"
  | "access"
  | "os"
  | "date";

/** The kinds whose subject is a path (the others name a node:os function or a zone). */
export const PATH_LOOKS: ReadonlySet<LookKind> = new Set([
  "stat",
  "lstat",
  "stat-of",
  "lstat-of",
  "realpath",
  "realpath-native",
  "readlink",
  "access",
]);

/**
 * What a look saw: an answer or error code as text, or a stat's fields as numbers (compared as numbers: writing a
 * time as text costs more than the stat itself).
 */
export type Seen = string | number[];

/** [kind, path (or the node:os function's name, or the zone), what was seen, access's mode or the fields read]. */
export type Look = [kind: LookKind, subject: string, seen: Seen, detail?: number | string];

/** The os functions a run may ask, answered by name (any other is refused: record-run.ts). */
export const OS_LOOKS: ReadonlySet<string> = new Set([
  "homedir",
  "hostname",
  "release",
  "tmpdir",
  "type",
  "userInfo",
  "version",
]);

/** The time fields, which the settle check reads. */
const TIMES: ReadonlySet<string> = new Set(["mtimeMs", "ctimeMs", "atimeMs", "birthtimeMs"]);

/** A field's value as a look keeps it: `type` is the mode's file type (what isFile() and friends answer). */
function fieldOf(stats: Stats, field: string): number {
  if (field === "type") return stats.mode & 0o170000;
  return Number((stats as unknown as { [field: string]: unknown })[field]);
}

/** A stat as a look sees it: every identity field, or only `fields` (comma-separated). */
export function statSeen(stats: Stats | undefined, fields?: string): Seen {
  if (stats === undefined) return "ENOENT";
  return fields === undefined ? identityOf(stats) : fields.split(",").map((f) => fieldOf(stats, f));
}

export function sameSeen(a: Seen, b: Seen): boolean {
  if (typeof a === "string" || typeof b === "string") return a === b;
  // `b` may come from a damaged memo.
  if (b === null || typeof b !== "object" || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A time that falls on this step could come from a file system that keeps coarse times (FAT: 2 s, ext3 and HFS+:
 * 1 s, exFAT: 10 ms), where a change made soon after a look can leave every time as it was. A time off the step has
 * finer digits than any such file system keeps (ext4, XFS, Btrfs, APFS, NTFS: 1 µs or finer; a time of theirs falls
 * on it about once in 10,000 files, and is then taken for coarse: the safe side).
 */
export const COARSE_TIME_STEP_MS = 10;

/** The newest times a stat look saw (mtime, ctime, …), for the settle check; 0 for none. */
export interface SeenTimes {
  newestMs: number;
  /** The newest of those on COARSE_TIME_STEP_MS. */
  newestCoarseMs: number;
}

const NO_TIMES: SeenTimes = { newestMs: 0, newestCoarseMs: 0 };

export function seenTimes(look: Look): SeenTimes {
  const [kind, , seen, detail] = look;
  if (typeof seen === "string" || (kind !== "stat" && kind !== "lstat" && kind !== "stat-of" && kind !== "lstat-of"))
    return NO_TIMES;
  const fields: readonly string[] = typeof detail === "string" ? detail.split(",") : IDENTITY;
  if (seen.length !== fields.length) return NO_TIMES;
  let newestMs = 0;
  let newestCoarseMs = 0;
  fields.forEach((f, i) => {
    if (!TIMES.has(f)) return;
    const t = seen[i] as number;
    newestMs = Math.max(newestMs, t);
    if (t % COARSE_TIME_STEP_MS === 0) newestCoarseMs = Math.max(newestCoarseMs, t);
  });
  return { newestMs, newestCoarseMs };
}

const NO_THROW = { throwIfNoEntry: false } as const;

/** An error as a look keeps it: its code (ENOENT, EACCES, …). */
export function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "ERROR";
}

/** What the look sees now. */
export function lookAgain(kind: LookKind, subject: string, detail?: number | string): Seen {
  const fields = typeof detail === "string" ? detail : undefined;
  try {
    switch (kind) {
      case "stat":
      case "stat-of":
        return statSeen(statSync(subject, NO_THROW), fields);
      case "lstat":
      case "lstat-of":
        return statSeen(lstatSync(subject, NO_THROW), fields);
      case "realpath":
        return `=${realpathSync(subject)}`;
      case "realpath-native":
        return `=${realpathSync.native(subject)}`;
      case "readlink":
        return `=${readlinkSync(subject, "utf8")}`;
      case "access":
        accessSync(subject, typeof detail === "number" ? detail : undefined);
        return "ok";
      case "date":
        return formatDateInZone(Date.now(), subject);
      case "os": {
        const os = nodeOs() as unknown as { [name: string]: () => unknown };
        return OS_LOOKS.has(subject) ? `=${JSON.stringify(os[subject]!())}` : "?";
      }
      default:
        // A kind no run takes (a damaged memo): seen as nothing a look keeps.
        return "\0";
    }
  } catch (error) {
    return codeOf(error);
  }
}
