// Which harness loads which lint target: every harness's discovery (discoverHarnessLoads, the composition
// `promptc agents` prints over preview's loaders) run from the project root and from each folder holding a
// target, with paths made project-relative. Does IO through the Host.
import type {
  CodexLoadSettings,
  DroppedFile,
  HarnessLoad,
  LoadedFile,
} from "../../discover/agents/discover-harness-loads.js";
import { discoverHarnessLoads, harnessRefsOf } from "../../discover/agents/discover-harness-loads.js";
import { PROFILE_LIST } from "../../profiles/index.js";
import type { Host } from "../../host/host.js";
import type { LintFile } from "../lint-file.js";
import { dirOf } from "../lint-file.js";
import type { HarnessLaunch, HarnessLaunchDrop, HarnessLaunchFile } from "../lint-project.js";
import { isSampleFolder } from "../loading-harnesses.js";
import { joinPath, normalizePath } from "../../discover/paths.js";
import { relativeTo } from "./relative-to.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { createDiscoveryShare, type DiscoveryShare } from "../../discover/agents/discovery-share.js";

/**
 * Each drop's message, or how to make it. One getter for every drop: a getter of its own would give each drop a
 * hidden class of its own, and every rule reading drops a slow look-up.
 */
const messageTexts = new WeakMap<HarnessLaunchDrop, string | (() => string)>();
const MESSAGE_PROPERTY: PropertyDescriptor = {
  get(this: HarnessLaunchDrop): string | undefined {
    const known = messageTexts.get(this);
    if (typeof known !== "function") return known;
    const text = known();
    messageTexts.set(this, text);
    return text;
  },
  enumerable: true,
  configurable: true,
};

export interface HarnessLaunchOptions {
  root: string;
  /** The user home whose ~/.claude.json, ~/.gemini and ~/.pi/agent settings apply (files there are no target). */
  home: string;
  codex: CodexLoadSettings;
  /** The run's share of folder discoveries (default: one of its own). */
  share?: DiscoveryShare;
}

const isHidden = (dir: string): boolean => /(^|\/)\./.test(dir);

/**
 * Folders a person starts an agent in: the root and each folder holding an agent file, or for a file in a
 * hidden folder (`.claude/CLAUDE.md`, `.agents/skills/x/SKILL.md`: an agent's own settings, not a place to
 * start it from) the nearest folder above it, which is where harnesses find it from. Samples are left out.
 */
export function planLaunchFolders(files: readonly LintFile[]): string[] {
  const dirs = new Set<string>([""]);
  for (const f of files) {
    if (f.kind === "template" || f.kind === "codex-config" || f.kind === "exec-policy") continue;
    let d = dirOf(f.path);
    while (d !== "" && isHidden(d)) d = dirOf(d);
    dirs.add(d);
  }
  return [...dirs].filter((d) => !isSampleFolder(d)).sort();
}

export function computeHarnessLaunches(
  host: Host,
  files: readonly LintFile[],
  options: HarnessLaunchOptions,
): Map<string, HarnessLaunch[]> {
  const root = normalizePath(options.root);
  const real = host.realpath(root);
  const roots = real.ok && real.value !== root ? [root, real.value] : [root];
  // Codex follows a symlinked skill folder and names the real file; lint names such a skill by the link it was
  // found through, as it lints every symlinked target under the name the harness reaches it by.
  const linksTo = new Map<string, string[]>();
  for (const f of files)
    if (f.kind === "skill" && f.status.realPath !== undefined)
      linksTo.set(f.status.realPath, [...(linksTo.get(f.status.realPath) ?? []), f.path]);
  /** The link (`<root>/<name>/SKILL.md`) in one of the scanned skill roots that leads to the real skill `rel`. */
  const skillName = (rel: string, load: HarnessLoad): string => {
    const scanned = load.skillRoots ?? [];
    const via = linksTo.get(rel)?.find((l) => roots.some((r) => scanned.includes(joinPath(r, dirOf(dirOf(l))))));
    return via ?? rel;
  };
  // Project-relative, or undefined outside the project (user files, install folders).
  const inProject = (abs: string): string | undefined => {
    for (const r of roots) {
      const rel = relativeTo(r, abs);
      if (rel !== "" && rel !== ".." && !rel.startsWith("../")) return rel;
    }
    return undefined;
  };
  // Discovery messages name absolute paths; lint findings name project-relative ones.
  const relativeText = (text: string): string =>
    roots.reduce((t, r) => t.replaceAll(`${r === "/" ? "" : r}/`, ""), text);
  const drop = (d: DroppedFile, path: string): HarnessLaunchDrop => {
    const out: HarnessLaunchDrop = { path, reason: d.reason };
    const from = d.importedFrom !== undefined ? inProject(d.importedFrom) : undefined;
    if (from !== undefined) out.importedFrom = from;
    if (d.diagnostic !== undefined) {
      out.rule = d.diagnostic.rule;
      // Made project-relative when first read: a deep tree's launches each drop every ancestor's import with its
      // own words (they name the launch folder), and few rules read them (400 levels: 16k messages of ~5 KB).
      const raw = d.diagnostic.message;
      messageTexts.set(out, () => relativeText(raw));
      Object.defineProperty(out, "message", MESSAGE_PROPERTY);
      if (d.diagnostic.place !== undefined) out.line = d.diagnostic.place.line;
    }
    return out;
  };
  const toFile = (f: LoadedFile, load: HarnessLoad): HarnessLaunchFile | undefined => {
    const rel = inProject(f.path);
    if (rel === undefined) return undefined;
    const path = f.kind === "skill" ? skillName(rel, load) : rel;
    const from = f.importedFrom !== undefined ? inProject(f.importedFrom) : undefined;
    return {
      path,
      kind: f.kind,
      ...(from !== undefined ? { importedFrom: from } : {}),
      ...(f.onDemand ? { onDemand: true as const } : {}),
    };
  };
  // A drop counts when the file or its importer is in the project (an import of `../x` from CLAUDE.md is).
  const toDrop = (d: DroppedFile): HarnessLaunchDrop | undefined => {
    const path = inProject(d.path) ?? (d.importedFrom !== undefined && inProject(d.importedFrom) ? d.path : undefined);
    return path === undefined ? undefined : drop(d, path);
  };
  // Every launch below a folder sees that folder's files again (and discoveries sharing a folder's work say the
  // same diagnostic again): one project-relative entry per distinct file or drop, shared by those launches, spares
  // building (and collecting) one per launch. A symlinked skill's name depends on the load's skill roots: when
  // there is one, no skill is shared.
  // Harnesses take one file differently (Codex's AGENTS.md is Claude Code's import): each way is kept.
  const fileEntries = new Map<string, { f: LoadedFile; out: HarnessLaunchFile | undefined }[]>();
  const sharedFile = (f: LoadedFile, load: HarnessLoad): HarnessLaunchFile | undefined => {
    if (f.kind === "skill" && linksTo.size > 0) return toFile(f, load);
    let ways = fileEntries.get(f.path);
    if (ways === undefined) fileEntries.set(f.path, (ways = []));
    for (const known of ways)
      if (known.f.kind === f.kind && known.f.importedFrom === f.importedFrom && known.f.onDemand === f.onDemand)
        return known.out;
    const out = toFile(f, load);
    ways.push({ f, out });
    return out;
  };
  const dropEntries = new Map<Diagnostic | string, { d: DroppedFile; out: HarnessLaunchDrop | undefined }>();
  const sharedDrop = (d: DroppedFile): HarnessLaunchDrop | undefined => {
    const key = d.diagnostic ?? d.path;
    const known = dropEntries.get(key);
    if (
      known !== undefined &&
      known.d.path === d.path &&
      known.d.reason === d.reason &&
      known.d.importedFrom === d.importedFrom &&
      known.d.diagnostic === d.diagnostic
    )
      return known.out;
    const out = toDrop(d);
    dropEntries.set(key, { d, out });
    return out;
  };
  const toLaunch = (dir: string, load: HarnessLoad): HarnessLaunch => {
    const out: HarnessLaunch = { harness: load.harness, displayName: load.displayName, dir, files: [], dropped: [] };
    for (const f of load.files) {
      const t = sharedFile(f, load);
      if (t !== undefined) out.files.push(t);
    }
    for (const d of load.dropped) {
      const t = sharedDrop(d);
      if (t !== undefined) out.dropped.push(t);
    }
    return out;
  };
  // Every agent profile's discovery, as preview runs it for that profile.
  const harnesses = harnessRefsOf(PROFILE_LIST);
  const launches = new Map<string, HarnessLaunch[]>();
  const share = options.share ?? createDiscoveryShare();
  for (const dir of planLaunchFolders(files)) {
    const cwd = dir === "" ? root : joinPath(root, dir);
    const st = host.stat(cwd);
    if (!st.ok || st.value.kind !== "directory") continue;
    // The date only reaches prose, never a file list.
    const loads = discoverHarnessLoads(host, {
      cwd,
      home: options.home,
      date: "1970-01-01",
      harnesses,
      codex: options.codex,
      share,
    });
    launches.set(
      dir,
      loads.map((l) => toLaunch(dir, l)),
    );
  }
  return launches;
}
