// The folder `promptc lint` treats as the project: every target, fact and finding is relative to it, so it
// must hold every named path whatever folder lint was started from. Does IO (stat) through the Host.
import type { Host } from "../../host/host.js";
import { ancestorsOf, dirnameOf, resolvePath } from "../../discover/paths.js";
import { relativeTo } from "./relative-to.js";

const GLOB_CHAR = /[*?{}[\]]/;

const isWithin = (dir: string, abs: string): boolean => {
  const r = relativeTo(dir, abs);
  return r !== ".." && !r.startsWith("../");
};

/** The folder a named path stands for: a folder itself, a file's folder, a glob's fixed leading folders. */
function folderOf(host: Host, cwd: string, path: string): string {
  if (GLOB_CHAR.test(path)) {
    const fixed = path.split("/");
    const at = fixed.findIndex((part) => GLOB_CHAR.test(part));
    return resolvePath(cwd, fixed.slice(0, at).join("/") || ".");
  }
  const abs = resolvePath(cwd, path);
  const st = host.stat(abs);
  return st.ok && st.value.kind === "directory" ? abs : dirnameOf(abs);
}

function commonAncestor(dirs: readonly string[]): string {
  let common = dirs[0] as string;
  for (const d of dirs.slice(1)) while (!isWithin(common, d)) common = dirnameOf(common);
  return common;
}

/**
 * The lint root for `paths` named from `cwd`. Inside a repository: the cwd when it lies between the repository
 * top and the named paths' common folder (`promptc lint src/api` from the top), else the top. Outside one: the
 * cwd when it holds the named paths, else their common folder. Never a folder that misses a target (`cd tools
 * && promptc lint ../app` once linted nothing) nor `/` only because lint was started there.
 */
export function resolveLintRoot(host: Host, cwd: string, paths: readonly string[]): string {
  if (paths.length === 0) return cwd;
  const common = commonAncestor(paths.map((p) => folderOf(host, cwd, p)));
  const top = ancestorsOf(common).find((d) => host.stat(`${d === "/" ? "" : d}/.git`).ok);
  const holds = isWithin(cwd, common) && (top !== undefined ? isWithin(top, cwd) : cwd !== "/");
  return holds ? cwd : (top ?? common);
}
