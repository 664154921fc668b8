// Whether a memo's looks all see again what they saw: a replay's whole cost. The kernel walks every name of a path
// on each call, so a stat 400 folders deep cost ~20 µs against ~2 µs near the root, and a lint of a 400-deep tree
// replayed in 0.39 s, mostly in stat. Looks under deep folders are taken from an anchor folder the process moves
// into (process.chdir, the one way Node resolves a path from a folder), by the few names below it; the working
// folder is entered again after. A look answers alike either way: the move resolves the anchor's path as the
// absolute path would, and an anchor that cannot be entered has its looks taken by their absolute paths. Does IO.
import { identityCheck } from "./file-identity.js";
import { lookAgain, sameSeen, type LookKind, type Seen } from "./look.js";
import { ANCHOR_STRIDE, pathIn, type PackedLooks } from "./packed-looks.js";

/** The kinds a path from the working folder answers as the absolute path does (realpath answers with the path). */
const FROM_ANCHOR: ReadonlySet<LookKind> = new Set(["stat", "lstat", "stat-of", "lstat-of", "readlink", "access"]);

/** The working folder could not be entered again after the looks: nothing after may trust a relative path. */
export class WorkingFolderLost extends Error {
  constructor(readonly folder: string) {
    super(`cannot enter the working folder ${folder} again`);
  }
}

function enter(folder: string, chdir: (folder: string) => void): boolean {
  try {
    chdir(folder);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether every look still sees what it saw. `cwd`: the working folder, entered again before this returns (throws
 * WorkingFolderLost when it cannot be). `chdir`: process.chdir, or a test's watch on it.
 */
export function stillSeen(
  { folders, looks }: PackedLooks,
  cwd: string,
  chdir: (folder: string) => void = (folder) => process.chdir(folder),
): boolean {
  // Each folder's path, its anchor (-1: none, it is shallow) and its path from there ("" for the anchor itself).
  // Indexed, not destructured (as below): this runs once per replay in Node's interpreter, where destructuring an
  // array walks its iterator. A damaged entry is a look not seen.
  const paths: string[] = ["/"];
  const depth = new Int32Array(folders.length);
  const anchor = new Int32Array(folders.length).fill(-1);
  const below: string[] = [""];
  for (let i = 1; i < folders.length; i++) {
    const folder = folders[i];
    if (!Array.isArray(folder)) return false;
    const parent = folder[0];
    const name = folder[1];
    if ((parent | 0) !== parent || parent < 0 || parent >= i || typeof name !== "string") return false;
    paths.push(pathIn(paths[parent]!, name));
    depth[i] = depth[parent]! + 1;
    if (depth[i]! % ANCHOR_STRIDE === 0) {
      anchor[i] = i;
      below.push("");
    } else if (anchor[parent]! >= 0) {
      anchor[i] = anchor[parent]!;
      below.push(below[parent] === "" ? name : `${below[parent]}/${name}`);
    } else below.push("");
  }
  const hasIdentity = identityCheck();
  const holds = (kind: LookKind, subject: string, seen: Seen, detail: number | string | undefined): boolean =>
    // Most looks are a file read or a folder listed: its identity, compared field by field.
    kind === "stat" && typeof seen === "object" && seen !== null
      ? hasIdentity(subject, seen)
      : sameSeen(lookAgain(kind, subject, detail), seen);

  const byAnchor = new Map<number, number[]>();
  for (let i = 0; i < looks.length; i++) {
    const look = looks[i]!;
    if (!Array.isArray(look)) return false;
    const kind = look[0];
    const folder = look[1];
    if ((folder | 0) !== folder || folder < -1 || folder >= folders.length) return false;
    const from = folder >= 0 && FROM_ANCHOR.has(kind) ? anchor[folder]! : -1;
    if (from >= 0) {
      const list = byAnchor.get(from);
      if (list === undefined) byAnchor.set(from, [i]);
      else list.push(i);
    } else if (!holds(kind, folder < 0 ? look[2] : pathIn(paths[folder]!, look[2]), look[3], look[4])) return false;
  }
  if (byAnchor.size === 0) return true;
  // Leave only a folder this process can come back to.
  const canReturn = enter(cwd, chdir);
  try {
    for (const [from, list] of byAnchor) {
      const inside = canReturn && enter(paths[from]!, chdir);
      for (let k = 0; k < list.length; k++) {
        const look = looks[list[k]!]!;
        const folder = look[1];
        const name = look[2];
        const subject = !inside
          ? pathIn(paths[folder]!, name)
          : below[folder] === ""
            ? name
            : `${below[folder]}/${name}`;
        if (!holds(look[0], subject, look[3], look[4])) return false;
      }
    }
    return true;
  } finally {
    if (canReturn && !enter(cwd, chdir)) throw new WorkingFolderLost(cwd);
  }
}
