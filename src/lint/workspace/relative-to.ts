// Project-relative paths for lint's file-system layer. Pure (the memo only remembers answers).
import { normalizePath } from "../../discover/paths.js";

/**
 * Answers already given, as the very strings given: lint names each file of a deep tree once per launch folder
 * above it, and a new string for the same path is hashed anew by every map it is looked up in. Bounded.
 */
const RELATIVE_MEMO_MAX_ENTRIES = 200_000;
let memo = new Map<string, Map<string, string>>();
let entries = 0;

/** `abs` relative to `root` ("" for root itself; `../x` outside it). */
export function relativeTo(root: string, abs: string): string {
  let byAbs = memo.get(root);
  const known = byAbs?.get(abs);
  if (known !== undefined) return known;
  const rel = computeRelative(normalizePath(root), normalizePath(abs));
  if (++entries > RELATIVE_MEMO_MAX_ENTRIES) {
    memo = new Map();
    entries = 0;
    byAbs = undefined;
  }
  if (byAbs === undefined) {
    byAbs = new Map();
    memo.set(root, byAbs);
  }
  byAbs.set(abs, rel);
  return rel;
}

function computeRelative(r: string, a: string): string {
  if (a === r) return "";
  if (a.startsWith(r === "/" ? "/" : `${r}/`)) return a.slice(r === "/" ? 1 : r.length + 1);
  // Outside the root: climb with `..` (kept for messages; rules treat it as not in the project).
  const rs = r.split("/").filter(Boolean);
  const as = a.split("/").filter(Boolean);
  let i = 0;
  while (i < rs.length && i < as.length && rs[i] === as[i]) i++;
  return [...rs.slice(i).map(() => ".."), ...as.slice(i)].join("/");
}
