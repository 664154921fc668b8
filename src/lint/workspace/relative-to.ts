// Project-relative paths for lint's file-system layer. Pure.
import { normalizePath } from "../../discover/paths.js";

/** `abs` relative to `root` ("" for root itself; `../x` outside it). */
export function relativeTo(root: string, abs: string): string {
  const r = normalizePath(root);
  const a = normalizePath(abs);
  if (a === r) return "";
  if (a.startsWith(r === "/" ? "/" : `${r}/`)) return a.slice(r === "/" ? 1 : r.length + 1);
  // Outside the root: climb with `..` (kept for messages; rules treat it as not in the project).
  const rs = r.split("/").filter(Boolean);
  const as = a.split("/").filter(Boolean);
  let i = 0;
  while (i < rs.length && i < as.length && rs[i] === as[i]) i++;
  return [...rs.slice(i).map(() => ".."), ...as.slice(i)].join("/");
}
