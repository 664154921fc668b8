// A run memo's looks as stored (run-memo-store.ts): each folder a path passes through is written once, as its parent
// folder's number and its own name, and a look names only its folder's number and its last name. Written out whole,
// the paths of a lint of a tree 400 folders deep made a 14 MB memo, each path repeating its ancestors. Pure.
import { PATH_LOOKS, type Look, type LookKind, type Seen } from "./look.js";

/**
 * [its parent folder's number, its name]. Folder 0 is the root, [-1, ""]; a parent comes before its children. A
 * replay reads these as they are and sees nothing in a damaged one (still-seen.ts): checking each entry beforehand
 * cost more than the replay's looks.
 */
export type PackedFolder = [parent: number, name: string];

/**
 * [kind, its folder's number, its last name, what it saw, detail]; folder -1: `name` is the whole subject (not a
 * path, not one as path.resolve makes it, or one in a folder less than ANCHOR_STRIDE deep).
 */
export type PackedLook = [kind: LookKind, folder: number, name: string, seen: Seen, detail?: number | string];

export interface PackedLooks {
  folders: PackedFolder[];
  looks: PackedLook[];
}

/** A folder's path and a name in it. */
export function pathIn(folder: string, name: string): string {
  return folder === "/" ? `/${name}` : `${folder}/${name}`;
}

/**
 * Folders at a multiple of this many names deep are a replay's anchors (still-seen.ts). A path in a shallower folder
 * is written whole: it repeats few names, and a replay takes it as it is read, without joining it from its parts.
 */
export const ANCHOR_STRIDE = 8;

/** Whether a path's folder is ANCHOR_STRIDE or more names deep (it has more separators than that). */
function isDeep(path: string): boolean {
  let separators = 0;
  for (let i = path.indexOf("/"); i >= 0; i = path.indexOf("/", i + 1)) if (++separators > ANCHOR_STRIDE) return true;
  return false;
}

/** Whether a name is one a path as path.resolve makes it holds: not empty, `.` or `..`. */
const isPlainName = (name: string): boolean => name !== "" && name !== "." && name !== "..";

export function packLooks(looks: readonly Look[]): PackedLooks {
  const folders: PackedFolder[] = [[-1, ""]];
  const numbers = new Map<string, number>([["/", 0]]);
  /**
   * The number of a folder (an absolute path), numbering it and those of its ancestors not numbered yet; -1 when it
   * is not as path.resolve makes it. A folder's names are checked when it is numbered: a whole path's check for
   * each look cost more than the rest of the packing of a 400-deep tree.
   */
  const numberOf = (folder: string): number => {
    const missing: string[] = [];
    let known = numbers.get(folder);
    for (let path = folder; known === undefined; known = numbers.get(path)) {
      const cut = path.lastIndexOf("/");
      // cut 1: the path starts with `//`, an empty name.
      if (cut < 0 || cut === 1 || !isPlainName(path.slice(cut + 1))) return -1;
      missing.push(path);
      path = cut === 0 ? "/" : path.slice(0, cut);
    }
    for (let i = missing.length - 1; i >= 0; i--) {
      const path = missing[i]!;
      folders.push([known, path.slice(path.lastIndexOf("/") + 1)]);
      known = folders.length - 1;
      numbers.set(path, known);
    }
    return known;
  };
  const packed = looks.map(([kind, subject, seen, detail]): PackedLook => {
    let folder = -1;
    let name = subject;
    if (PATH_LOOKS.has(kind) && subject.charCodeAt(0) === 47 && isDeep(subject)) {
      const cut = subject.lastIndexOf("/");
      const last = subject.slice(cut + 1);
      folder = isPlainName(last) ? numberOf(subject.slice(0, cut)) : -1;
      if (folder >= 0) name = last;
    }
    return detail === undefined ? [kind, folder, name, seen] : [kind, folder, name, seen, detail];
  });
  return { folders, looks: packed };
}
