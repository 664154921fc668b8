// A file's identity (device, inode, size, mtime, ctime) as a run memo reads it hundreds of times: Node 20's statSync
// builds a Stats object with four Dates per call, which costs more than the system call itself (a replay of 750
// looks spent ~3 ms on it). Node's fs binding answers the same stat as numbers; it is used only where it is there,
// is Node's own function (not the wrapper that prints DEP0111 under pending deprecation, however that was asked
// for), and agrees with statSync on the first file found. Else statSync. Does IO.
import { statSync, type Stats } from "node:fs";

/**
 * A file's identity: which file (device, inode) and when it last changed. Every change to a file's data or inode
 * (mode, owner, links, a rename of it) sets its ctime, so mode, owner and link count need no field of their own.
 */
export const IDENTITY = ["dev", "ino", "size", "mtimeMs", "ctimeMs"] as const;
export type FileIdentity = number[];

/** What the binding's stat returns: a shared array of the fields, in uv_stat_t's order (Node's lib/internal/fs). */
export type BindingStat = (
  path: string,
  bigint: false,
  req: undefined,
  throwIfNoEntry: false,
) => Float64Array | undefined;

const NO_THROW = { throwIfNoEntry: false } as const;

export function identityOf(stats: Stats): FileIdentity {
  return IDENTITY.map((field) => stats[field]);
}

function statIdentity(path: string): FileIdentity | undefined {
  const stats = statSync(path, NO_THROW);
  return stats === undefined ? undefined : identityOf(stats);
}

/** Node's own conversion of a timespec to milliseconds (msFromTimeSpec): the same float statSync gives. */
const msOf = (sec: number, nsec: number): number => sec * 1e3 + nsec / 1e6;

/**
 * The binding's stat, when this process can call it without a warning; null otherwise. Under pending deprecation
 * (`--pending-deprecation`, `--pending_deprecation`, NODE_OPTIONS, NODE_PENDING_DEPRECATION=1) Node replaces
 * process.binding by a wrapper that warns (test/cli/run-memo/file-identity.test.ts checks each way against the
 * running Node): only the function named `binding` is Node's own. Reading the name warns of nothing. `owner`:
 * process, or what a test puts in its place.
 */
export function bindingStat(owner: object): BindingStat | null {
  const binding = "binding" in owner ? owner.binding : undefined;
  if (typeof binding !== "function" || binding.name !== "binding") return null;
  try {
    const fs = (binding as (name: string) => { stat?: unknown } | undefined)("fs");
    return typeof fs?.stat === "function" ? (fs.stat as BindingStat) : null;
  } catch {
    // the permission model refuses it
    return null;
  }
}

/** Whether the binding's answer `v` (IDENTITY's fields at their places in its array) is the identity `seen`. */
function bindingHas(v: Float64Array, seen: readonly number[]): boolean {
  return (
    seen.length === 5 &&
    msOf(v[14]!, v[15]!) === seen[4] &&
    msOf(v[12]!, v[13]!) === seen[3] &&
    v[8] === seen[2] &&
    v[7] === seen[1] &&
    v[0] === seen[0]
  );
}

const sameIdentity = (a: FileIdentity | undefined, b: readonly number[]): boolean =>
  a !== undefined && a.length === b.length && a.every((field, i) => field === b[i]);

/** Whether the binding answers `now`, statSync's identity of `path`: asked once, of the first file found. */
function bindingAgrees(stat: BindingStat, path: string, now: FileIdentity): boolean {
  try {
    const v = stat(path, false, undefined, false);
    return v !== undefined && bindingHas(v, now);
  } catch {
    // a binding that does not take these arguments
    return false;
  }
}

/**
 * A reader of identities (undefined when there is no such file; throws as statSync does), for a recorded run's
 * looks. Until a file is found it asks statSync; the first file found is asked both ways, and the binding is kept
 * only if the two agree, so a Node whose binding differs falls back to statSync rather than record other numbers.
 */
export function identityReader(
  stat: BindingStat | null = bindingStat(process),
): (path: string) => FileIdentity | undefined {
  if (stat === null) return statIdentity;
  const binding = stat;
  const viaBinding = (path: string): FileIdentity | undefined => {
    const v = binding(path, false, undefined, false);
    return v === undefined ? undefined : [v[0]!, v[7]!, v[8]!, msOf(v[12]!, v[13]!), msOf(v[14]!, v[15]!)];
  };
  let read = (path: string): FileIdentity | undefined => {
    const now = statIdentity(path);
    if (now !== undefined) read = bindingAgrees(binding, path, now) ? viaBinding : statIdentity;
    return now;
  };
  return (path) => read(path);
}

/**
 * A check of whether a file still has an identity (false too when it is gone or cannot be looked at), without
 * building an answer: a replay's loop. It chooses between the binding and statSync as identityReader does.
 */
export function identityCheck(
  stat: BindingStat | null = bindingStat(process),
): (path: string, seen: readonly number[]) => boolean {
  type Check = (path: string, seen: readonly number[]) => boolean;
  const guarded =
    (check: Check): Check =>
    (path, seen) => {
      try {
        return check(path, seen);
      } catch {
        return false;
      }
    };
  const viaStat: Check = (path, seen) => sameIdentity(statIdentity(path), seen);
  if (stat === null) return guarded(viaStat);
  const binding = stat;
  const viaBinding: Check = (path, seen) => {
    const v = binding(path, false, undefined, false);
    return v !== undefined && bindingHas(v, seen);
  };
  let check: Check = (path, seen) => {
    const now = statIdentity(path);
    if (now === undefined) return false;
    check = bindingAgrees(binding, path, now) ? viaBinding : viaStat;
    return sameIdentity(now, seen);
  };
  return guarded((path, seen) => check(path, seen));
}
