// `mkdir -p` that fails instead of hanging: Node 20's recursive mkdirSync/mkdir never return for a path under
// /proc (the kernel's ENOENT makes them retry the parent forever). Does IO.
import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Makes `dir` and its missing parents one level at a time. Throws the first mkdir error, naming its path: ENOENT
 * under /proc, EEXIST for a file in the way (at `dir` or above it), EACCES.
 */
export function makeDirectories(dir: string): void {
  const missing: string[] = [];
  for (let current = resolve(dir); !isDirectory(current); current = dirname(current)) {
    missing.push(current);
    if (dirname(current) === current) break;
  }
  for (const path of missing.reverse()) {
    try {
      mkdirSync(path);
    } catch (err) {
      // Made meanwhile by someone else: fine, as long as it is a directory.
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || !isDirectory(path)) throw err;
    }
  }
}
