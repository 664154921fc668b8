// What Codex (the `turn-context` discovery) loads when started in one folder: its AGENTS.md walk and skills, and
// the docs it sees and never sends. IO through the Host only.
import type { Host } from "../../host/host.js";
import type { DecodeMode } from "../../model/decode-mode.js";
import { createAgentsMdFolders, discoverAgentsMd, type AgentsMdFolders } from "../discover-agents-md.js";
import { createSkillRootScans, discoverSkills, type SkillRootScans } from "../discover-skills.js";
import { createSkillRootFolders, type SkillRootFolders } from "../plan-skill-roots.js";
import { shareSlot, type DiscoveryShare } from "./discovery-share.js";
import type { HarnessLoad, HarnessRef, LoadedFile } from "./harness-load.js";

/** Codex's settings for the walk (from its config.toml, resolved by the caller as preview resolves them). */
export interface CodexLoadSettings {
  codexHome: string;
  budgetBytes: number;
  fallbackFilenames: readonly string[];
  projectRootMarkers: readonly string[];
  disabledSkillPaths?: readonly string[];
  /** The cwd's trust entry says untrusted: Codex sends no project docs. */
  untrusted?: boolean;
  /** `/etc/codex/skills` by default; `null` leaves it out. */
  adminSkillsRoot?: string | null;
}

/** What Codex's launches of one run share: each folder's AGENTS.md walk and budget, its skill roots and their scans. */
export interface CodexFolders {
  docs: AgentsMdFolders;
  skillRoots: SkillRootFolders;
  skillScans: SkillRootScans;
}

/** The Codex slot of a run's share (lint's Codex chains read the same AGENTS.md walks). */
export function codexFolders(share: DiscoveryShare): CodexFolders {
  return shareSlot(share, "codex", () => ({
    docs: createAgentsMdFolders(),
    skillRoots: createSkillRootFolders(),
    skillScans: createSkillRootScans(),
  }));
}

export function turnContextLoad(
  h: HarnessRef,
  decode: DecodeMode,
  host: Host,
  cwd: string,
  home: string,
  s: CodexLoadSettings,
  share?: DiscoveryShare,
): HarnessLoad {
  const folders = share !== undefined ? codexFolders(share) : undefined;
  const docs = discoverAgentsMd(host, {
    cwd,
    codexHome: s.codexHome,
    budgetBytes: s.budgetBytes,
    fallbackFilenames: s.fallbackFilenames,
    projectRootMarkers: s.projectRootMarkers,
    decode,
    ...(s.untrusted ? { projectDocsUntrusted: true } : {}),
    ...(folders !== undefined ? { folders: folders.docs } : {}),
  });
  const skills = discoverSkills(host, {
    cwd,
    codexHome: s.codexHome,
    home,
    projectRootMarkers: s.projectRootMarkers,
    ...(s.adminSkillsRoot !== undefined ? { adminSkillsRoot: s.adminSkillsRoot } : {}),
    disabledPaths: s.disabledSkillPaths ?? [],
    ...(folders !== undefined ? { folders: folders.skillRoots, scans: folders.skillScans } : {}),
  });
  const files: LoadedFile[] = [];
  if (docs.value.global) files.push({ path: docs.value.global.path, kind: "context", placement: "first user message" });
  for (const d of docs.value.projectDocs)
    files.push({ path: d.path, kind: "context", placement: "first user message" });
  for (const sk of skills.value.skills) files.push({ path: sk.path, kind: "skill", placement: "developer message" });
  const sent = new Set(files.map((f) => f.path));
  const diagnostics = [...docs.diagnostics, ...skills.diagnostics];
  return {
    harness: h.id,
    displayName: h.displayName,
    files,
    // A file cut by the budget is still sent (a `truncated` diagnostic says how much); one it never sends is dropped.
    dropped: docs.diagnostics
      .filter((d) => d.file !== undefined && d.rule.startsWith("agents-md/") && !sent.has(d.file))
      .map((d) => ({ path: d.file as string, reason: d.message, diagnostic: d })),
    diagnostics,
    skillRoots: skills.value.roots.map((r) => r.path),
    basis: "conformance",
  };
}
