// Finds the project root: the nearest ancestor of cwd holding any of the root markers (Codex's rule).
// IO through the Host only.
import type { Host } from "../host/host.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import { ancestorsOf, joinPath } from "./paths.js";

export interface ProjectRootResult {
  /** Undefined when no ancestor has a marker (then only cwd is searched) or the walk failed. */
  root?: string;
  /** True when a stat error other than ENOENT stopped the walk (Codex then searches nothing). */
  failed: boolean;
  diagnostics: Diagnostic[];
}

export interface FindProjectRootOptions {
  /**
   * Codex 0.171.0 finds `.codex` config layers with a stricter test: a `.git` *directory* counts only when it
   * holds `HEAD` (a `.git` file always counts). AGENTS.md and `.agents/skills` accept any `.git`.
   */
  gitDirNeedsHead?: boolean;
}

export function findProjectRoot(
  host: Host,
  cwd: string,
  markers: readonly string[],
  options: FindProjectRootOptions = {},
): ProjectRootResult {
  const diagnostics: Diagnostic[] = [];
  if (markers.length === 0) return { failed: false, diagnostics };
  for (const dir of ancestorsOf(cwd)) {
    for (const marker of markers) {
      const path = joinPath(dir, marker);
      const st = host.stat(path);
      if (!st.ok) {
        if (st.error.code === "ENOENT" || st.error.code === "ENOTDIR") continue;
        diagnostics.push(
          diagnostic(
            "discover/project-root-failed",
            "warning",
            `cannot check project root marker ${path}: ${st.error.code}; Codex stops looking for project docs here`,
            {
              file: path,
              data: { code: st.error.code },
            },
          ),
        );
        return { failed: true, diagnostics };
      }
      if (
        options.gitDirNeedsHead &&
        marker === ".git" &&
        st.value.kind === "directory" &&
        !host.stat(joinPath(path, "HEAD")).ok
      )
        continue;
      return { root: dir, failed: false, diagnostics };
    }
  }
  return { failed: false, diagnostics };
}
