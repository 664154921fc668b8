// Every file under a lint root, for ctx/commands-exist and ctx/code-span-path: breadth-first in readdir's order as
// fast-glob's `**/*` walk listed them (dot files, symlinks neither listed nor followed, node_modules and .git
// skipped, 16 levels), without building fast-glob's matchers. IO through the Host only.
import type { DirEntry, Host } from "../../host/host.js";

export const PROJECT_FILES_MAX = 200_000;
/** Files at most this many path segments deep (fast-glob's `deep: 16`). */
const PROJECT_FILES_DEPTH = 16;
/** fast-glob matched no line break in a folder's name nor at the start of a file's (its `.` and `(?=.)`). */
const LINE_BREAK = /[\n\r\u2028\u2029]/;
/** Never listed, and never walked into: dependencies and git's own store. */
const SKIPPED_NAMES = new Set(["node_modules", ".git"]);

/** The first PROJECT_FILES_MAX files found, sorted; `complete` when there were no more. */
export function indexProjectFiles(host: Host, root: string): { files: string[]; complete: boolean } {
  const found = listProjectFiles(host, root);
  return { files: found.slice(0, PROJECT_FILES_MAX).sort(), complete: found.length <= PROJECT_FILES_MAX };
}

/** Every file under `root` in the walk's order (which ones PROJECT_FILES_MAX keeps depends on it). */
export function listProjectFiles(host: Host, root: string): string[] {
  const found: string[] = [];
  const queue: { rel: string; depth: number }[] = [{ rel: "", depth: 0 }];
  const prefix = root.endsWith("/") ? root : `${root}/`;
  for (let q = 0; q < queue.length; q++) {
    const { rel, depth } = queue[q] as { rel: string; depth: number };
    const listed = host.readDir(rel === "" ? root : prefix + rel);
    if (!listed.ok) continue;
    for (const e of listed.value as DirEntry[]) {
      if (SKIPPED_NAMES.has(e.name)) continue;
      const path = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.kind === "file") {
        if (!LINE_BREAK.test(e.name.charAt(0))) found.push(path);
      } else if (e.kind === "directory" && depth + 1 < PROJECT_FILES_DEPTH && !LINE_BREAK.test(e.name))
        queue.push({ rel: path, depth: depth + 1 });
    }
  }
  return found;
}
