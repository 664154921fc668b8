// Skills discovery: plan roots, scan each, dedupe by path, mark disabled ones, order and label roots the way
// Codex 0.171.0 renders them. IO through the Host only; ordering is in the pure orderSkills.
import type { Host } from "../host/host.js";
import { compareByteOrder } from "../host/byte-order.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import type { SkillMetadata, SkillRoot, SkillScope, SkillsInfo } from "../model/turn-context.js";
import { dirnameOf, normalizePath } from "./paths.js";
import { planSkillRoots } from "./plan-skill-roots.js";
import type { PlanSkillRootsOptions } from "./plan-skill-roots.js";
import { type ScannedSkill, scanSkillRoot } from "./scan-skill-root.js";
import { appendAll } from "../model/append-all.js";

/** Observed in 0.171.0's list: System, then Admin, then Repo, then User (not the older Repo-first rank). */
export const SKILL_SCOPE_RANK: Record<SkillScope, number> = { system: 0, admin: 1, repo: 2, user: 3 };

export interface DiscoverSkillsOptions extends PlanSkillRootsOptions {
  /** `[[skills.config]]` paths with `enabled = false` (SKILL.md path or its folder). */
  disabledPaths?: readonly string[];
  /** Roots other launches of the same run already scanned (each launch of a deep tree scans its ancestors'). */
  scans?: SkillRootScans;
}

/** Each scanned root's skills and diagnostics, by scope, then path. */
export type SkillRootScans = Map<SkillScope, Map<string, Result<ScannedSkill[]>>>;

export function createSkillRootScans(): SkillRootScans {
  return new Map();
}

function scanOnce(host: Host, root: SkillRoot, scans: SkillRootScans | undefined): Result<ScannedSkill[]> {
  if (scans === undefined) return scanSkillRoot(host, root);
  let byPath = scans.get(root.scope);
  if (byPath === undefined) scans.set(root.scope, (byPath = new Map()));
  let scanned = byPath.get(root.path);
  if (scanned === undefined) byPath.set(root.path, (scanned = scanSkillRoot(host, root)));
  return scanned;
}

/** Scope rank, then name, then path (byte order, like Rust's String ordering). */
export function orderSkills<T extends { scope: SkillScope; name: string; path: string }>(skills: readonly T[]): T[] {
  const keyed = byPlainKeys(skills);
  if (keyed !== undefined) return keyed;
  return [...skills].sort(
    (a, b) =>
      SKILL_SCOPE_RANK[a.scope] - SKILL_SCOPE_RANK[b.scope] ||
      compareByteOrder(a.name, b.name) ||
      compareByteOrder(a.path, b.path),
  );
}

/** A NUL (the keys' separator) or a surrogate (where UTF-16 order is not code-point order). */
const NOT_PLAIN = /[\u0000\uD800-\uDFFF]/;

/**
 * orderSkills by one string per skill (rank, name, NUL, position) in the engine's own string order, which for
 * names without NUL or surrogates is the comparator's order, then each run of one rank and name by path (ties keep
 * their places, as the stable sort does): a comparator call per comparison was a tenth of a 300-skill preview's
 * discovery, mostly before the JIT warms up, and a key holding the path costs its length per skill and launch in a
 * deep tree. Undefined when some name, or a path that decides a tie, is not plain.
 */
function byPlainKeys<T extends { scope: SkillScope; name: string; path: string }>(
  skills: readonly T[],
): T[] | undefined {
  const keys: string[] = [];
  const width = String(skills.length).length;
  for (let i = 0; i < skills.length; i++) {
    const s = skills[i] as T;
    if (NOT_PLAIN.test(s.name)) return undefined;
    keys.push(`${SKILL_SCOPE_RANK[s.scope]}${s.name}\u0000${String(i).padStart(width, "0")}`);
  }
  keys.sort();
  const out = keys.map((k) => skills[Number(k.slice(k.lastIndexOf("\u0000") + 1))] as T);
  for (let from = 0; from < out.length; ) {
    const first = out[from] as T;
    let to = from + 1;
    while (to < out.length && (out[to] as T).name === first.name && (out[to] as T).scope === first.scope) to++;
    if (to - from > 1) {
      const run = out.slice(from, to);
      if (run.some((s) => NOT_PLAIN.test(s.path))) return undefined;
      run.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      out.splice(from, run.length, ...run);
    }
    from = to;
  }
  return out;
}

/** Whether a skill is listed in the prompt (and so gives its root an r-label). */
export function isListedSkill(skill: Pick<SkillMetadata, "enabled" | "allowImplicitInvocation">): boolean {
  return skill.enabled && skill.allowImplicitInvocation;
}

/**
 * Labels: only roots that hold a listed skill get one, numbered in root order (a skill-less root gets no
 * `r<k>`). Unlisted skills carry `rootIndex: -1`.
 */
export function labelSkillRoots(
  roots: readonly SkillRoot[],
  skills: readonly (Omit<SkillMetadata, "rootIndex"> & { rootPath: string })[],
): SkillsInfo {
  const used = new Set(skills.filter(isListedSkill).map((s) => s.rootPath));
  const labelled = roots.filter((r) => used.has(r.path));
  const index = new Map(labelled.map((r, i) => [r.path, i]));
  const out: SkillMetadata[] = orderSkills(skills).map(({ rootPath, ...skill }) => ({
    ...skill,
    rootIndex: isListedSkill(skill) ? (index.get(rootPath) ?? -1) : -1,
  }));
  return { roots: labelled, skills: out };
}

export function discoverSkills(host: Host, options: DiscoverSkillsOptions): Result<SkillsInfo> {
  const planned = planSkillRoots(host, options);
  const diagnostics: Diagnostic[] = [...planned.diagnostics];
  const disabled = new Set((options.disabledPaths ?? []).map(normalizePath));
  const seen = new Set<string>();
  const found: (Omit<SkillMetadata, "rootIndex"> & { rootPath: string })[] = [];
  for (const root of planned.value) {
    const scanned = scanOnce(host, root, options.scans);
    appendAll(diagnostics, scanned.diagnostics);
    for (const skill of scanned.value) {
      if (seen.has(skill.path)) continue;
      seen.add(skill.path);
      const enabled = !disabled.has(skill.path) && !disabled.has(dirnameOf(skill.path));
      const meta: Omit<SkillMetadata, "rootIndex"> & { rootPath: string } = {
        name: skill.name,
        description: skill.description,
        path: skill.path,
        scope: root.scope,
        contents: skill.contents,
        enabled,
        allowImplicitInvocation: skill.allowImplicitInvocation,
        rootPath: root.path,
      };
      if (skill.shortDescription !== undefined) meta.shortDescription = skill.shortDescription;
      found.push(meta);
    }
  }
  return { value: labelSkillRoots(planned.value, found), diagnostics };
}
