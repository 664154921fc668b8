// Finds the file a command's program names, as execvp would (a path as given, a bare name through PATH); does IO.
// Returns the path to execute and its real path (symlinks resolved), which is what a program is judged by.
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

export interface ResolvedProgram {
  /** The path to execute (what PATH lookup found). */
  path: string;
  /** The same file with every symlink resolved. */
  realPath: string;
}

export function resolveProgram(
  program: string,
  cwd: string,
  pathVariable: string | undefined,
): ResolvedProgram | undefined {
  if (program === "") return undefined;
  const candidates = program.includes("/")
    ? [resolve(cwd, program)]
    : (pathVariable ?? "").split(":").map((dir) => join(isAbsolute(dir) ? dir : resolve(cwd, dir || "."), program));
  for (const path of candidates) {
    try {
      if (!statSync(path).isFile()) continue;
      accessSync(path, constants.X_OK);
      return { path, realPath: realpathSync(path) };
    } catch {
      // not here
    }
  }
  return undefined;
}
