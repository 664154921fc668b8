// The skill roots Codex 0.171.0 scans, in its order (= dedupe priority and r-label order).
// IO through the Host only (stats and realpath).
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import type { SkillRoot } from "../model/turn-context.js";
import { findProjectRoot } from "./find-project-root.js";
import { joinPath, normalizePath, pathFromRootTo } from "./paths.js";

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
  const layerDirs =
    layerRoot.root === undefined ? [options.cwd] : pathFromRootTo(layerRoot.root, options.cwd).reverse();
  for (const dir of layerDirs) {
    const dotCodex = joinPath(dir, ".codex");
    if (dotCodex === codexHome) continue; // CODEX_HOME is the user layer, not a project layer
    const st = host.stat(dotCodex);
    if (st.ok && st.value.kind === "directory") candidates.push({ path: joinPath(dotCodex, "skills"), scope: "repo" });
  }

  candidates.push({ path: joinPath(codexHome, "skills"), scope: "user" });
  if (options.home) candidates.push({ path: joinPath(options.home, ".agents", "skills"), scope: "user" });
  candidates.push({ path: joinPath(codexHome, "skills", ".system"), scope: "system" });
  const admin = options.adminSkillsRoot === undefined ? DEFAULT_ADMIN_SKILLS_ROOT : options.adminSkillsRoot;
  if (admin !== null) candidates.push({ path: normalizePath(admin), scope: "admin" });

  const docRoot = findProjectRoot(host, options.cwd, options.projectRootMarkers);
  const agentsDirs = docRoot.root === undefined ? [options.cwd] : pathFromRootTo(docRoot.root, options.cwd);
  for (const dir of agentsDirs) candidates.push({ path: joinPath(dir, ".agents", "skills"), scope: "repo" });

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
