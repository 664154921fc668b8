// The skill roots Codex 0.171.0 scans, in its order (= dedupe priority and r-label order).
// IO through the Host only (stats and realpath).
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import type { SkillRoot } from "../model/turn-context.js";
import { findProjectRoot } from "./find-project-root.js";
import { joinPath, normalizePath, pathFromRootTo } from "./paths.js";
import { folderNode } from "./folder-chain.js";
import { isDirectory } from "./path-kind.js";
import { appendAll } from "../model/append-all.js";

export const DEFAULT_ADMIN_SKILLS_ROOT = "/etc/codex/skills";

export interface PlanSkillRootsOptions {
  /** Canonical cwd. */
  cwd: string;
  codexHome: string;
  /** `$HOME`; `$HOME/.agents/skills` is a User root only when known. */
  home?: string;
  projectRootMarkers: readonly string[];
  /** `/etc/codex/skills` by default; `null` leaves the admin root out (tests, other machines). */
  adminSkillsRoot?: string | null;
  /** What other launches of the same run already found (lint starts Codex in many folders of one tree). */
  folders?: SkillRootFolders;
}

/** Per walk (its kind, project root, CODEX_HOME), each folder's project-layer candidates. */
export type SkillRootFolders = Map<string, Map<string, SkillRoot[]>>;

export function createSkillRootFolders(): SkillRootFolders {
  return new Map();
}

function nodesOf(folders: SkillRootFolders, key: string): Map<string, SkillRoot[]> {
  let nodes = folders.get(key);
  if (nodes === undefined) folders.set(key, (nodes = new Map()));
  return nodes;
}

/**
 * Observed order: `<d>/.codex/skills` for each `.codex` folder from cwd up to the project root, then
 * `$CODEX_HOME/skills` (User), `$HOME/.agents/skills` (User), `$CODEX_HOME/skills/.system` (System),
 * `/etc/codex/skills` (Admin), then `<d>/.agents/skills` from the project root down to cwd (Repo).
 * Roots that do not exist as directories are left out; the rest are canonical and deduplicated.
 */
export function planSkillRoots(host: Host, options: PlanSkillRootsOptions): Result<SkillRoot[]> {
  const diagnostics: Diagnostic[] = [];
  const candidates: SkillRoot[] = [];
  const codexHome = normalizePath(options.codexHome);

  // .codex project layers use a stricter git-root test than AGENTS.md (see find-project-root.ts).
  const layerRoot = findProjectRoot(host, options.cwd, options.projectRootMarkers, { gitDirNeedsHead: true });
  diagnostics.push(...layerRoot.diagnostics);
  const layerCandidate = (dir: string): SkillRoot | undefined => {
    const dotCodex = joinPath(dir, ".codex");
    if (dotCodex === codexHome) return undefined; // CODEX_HOME is the user layer, not a project layer
    const st = host.stat(dotCodex);
    return st.ok && st.value.kind === "directory" ? { path: joinPath(dotCodex, "skills"), scope: "repo" } : undefined;
  };
  if (layerRoot.root === undefined || options.folders === undefined) {
    const layerDirs =
      layerRoot.root === undefined ? [options.cwd] : pathFromRootTo(layerRoot.root, options.cwd).reverse();
    for (const dir of layerDirs) {
      const c = layerCandidate(dir);
      if (c !== undefined) candidates.push(c);
    }
  } else {
    // Shared by the launches of one run: each folder's layers (cwd first) are its own plus its parent's.
    const top = layerRoot.root;
    const nodes = nodesOf(options.folders, `layers\u0000${codexHome}\u0000${top}`);
    const node = folderNode(
      nodes,
      normalizePath(options.cwd),
      (d, up) => {
        const own = layerCandidate(d);
        return own === undefined ? (up ?? []) : [own, ...(up ?? [])];
      },
      { isTop: (d) => d === top },
    );
    appendAll(candidates, node ?? []);
  }

  candidates.push({ path: joinPath(codexHome, "skills"), scope: "user" });
  if (options.home) candidates.push({ path: joinPath(options.home, ".agents", "skills"), scope: "user" });
  candidates.push({ path: joinPath(codexHome, "skills", ".system"), scope: "system" });
  const admin = options.adminSkillsRoot === undefined ? DEFAULT_ADMIN_SKILLS_ROOT : options.adminSkillsRoot;
  if (admin !== null) candidates.push({ path: normalizePath(admin), scope: "admin" });

  const docRoot = findProjectRoot(host, options.cwd, options.projectRootMarkers);
  if (docRoot.root === undefined || options.folders === undefined) {
    const agentsDirs = docRoot.root === undefined ? [options.cwd] : pathFromRootTo(docRoot.root, options.cwd);
    for (const dir of agentsDirs) candidates.push({ path: joinPath(dir, ".agents", "skills"), scope: "repo" });
  } else {
    // Root first; only the folders that exist (the rest would be left out below).
    const top = docRoot.root;
    const nodes = nodesOf(options.folders, `agents\u0000${top}`);
    const node = folderNode(
      nodes,
      normalizePath(options.cwd),
      (d, up): SkillRoot[] => {
        const path = joinPath(d, ".agents", "skills");
        return isDirectory(host, path) ? [...(up ?? []), { path, scope: "repo" }] : (up ?? []);
      },
      { isTop: (d) => d === top },
    );
    appendAll(candidates, node ?? []);
  }

  const seen = new Set<string>();
  const roots: SkillRoot[] = [];
  for (const candidate of candidates) {
    const st = host.stat(candidate.path);
    if (!st.ok || st.value.kind !== "directory") continue;
    const real = host.realpath(candidate.path);
    const path = real.ok ? real.value : candidate.path;
    if (seen.has(path)) continue;
    seen.add(path);
    roots.push({ path, scope: candidate.scope });
  }
  return { value: roots, diagnostics };
}
