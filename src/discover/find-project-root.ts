// Finds the project root: the nearest ancestor of cwd holding any of the root markers (Codex's rule).
// IO through the Host only.
import type { Host } from "../host/host.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import { isCachingHost } from "../host/create-caching-host.js";
import { ancestorsOf, dirnameOf, joinPath, normalizePath } from "./paths.js";

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

/** Per caching host and marker set: each folder's answer, shared by every folder below it (lint's launch folders). */
const answers = new WeakMap<Host, Map<string, Map<string, ProjectRootResult>>>();

export function findProjectRoot(
  host: Host,
  cwd: string,
  markers: readonly string[],
  options: FindProjectRootOptions = {},
): ProjectRootResult {
  if (markers.length === 0) return { failed: false, diagnostics: [] };
  if (!isCachingHost(host)) return searchUpward(host, cwd, markers, options);
  let byMarkers = answers.get(host);
  if (byMarkers === undefined) answers.set(host, (byMarkers = new Map()));
  const key = `${options.gitDirNeedsHead === true}\u0000${markers.join("\u0000")}`;
  let known = byMarkers.get(key);
  if (known === undefined) byMarkers.set(key, (known = new Map()));
  // Up to the nearest folder with an answer; the folders on the way without a marker of their own share it.
  const below: string[] = [];
  let answer: ProjectRootResult | undefined;
  for (let dir = normalizePath(cwd); ; dir = dirnameOf(dir)) {
    answer = known.get(dir);
    if (answer !== undefined) break;
    const own = searchFolder(host, dir, markers, options);
    if (own !== undefined) {
      known.set(dir, own);
      answer = own;
      break;
    }
    below.push(dir);
    if (dirnameOf(dir) === dir) {
      answer = { failed: false, diagnostics: [] };
      break;
    }
  }
  for (const dir of below) known.set(dir, answer);
  return { ...answer, diagnostics: [...answer.diagnostics] };
}

function searchUpward(
  host: Host,
  cwd: string,
  markers: readonly string[],
  options: FindProjectRootOptions,
): ProjectRootResult {
  for (const dir of ancestorsOf(cwd)) {
    const own = searchFolder(host, dir, markers, options);
    if (own !== undefined) return own;
  }
  return { failed: false, diagnostics: [] };
}

/** The answer `dir` gives itself (a marker, or a failed check), or undefined to look further up. */
function searchFolder(
  host: Host,
  dir: string,
  markers: readonly string[],
  options: FindProjectRootOptions,
): ProjectRootResult | undefined {
  const diagnostics: Diagnostic[] = [];
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
  return undefined;
}
