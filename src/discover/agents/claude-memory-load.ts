// What Claude Code (the `claude-memory` discovery) loads when started in one folder: its CLAUDE.md chain with
// imports, its skills, and what it sees and leaves out. IO through the Host only.
import type { Host } from "../../host/host.js";
import { discoverClaudeMd } from "../claude-code/discover-claude-md.js";
import type { DroppedClaudeFile, DroppedReason } from "../claude-code/claude-drop.js";
import { discoverClaudeSkills } from "../claude-code/discover-claude-skills.js";
import { createClaudeFolderMemo } from "../claude-code/claude-folder-memo.js";
import { type DiscoveryShare, shareSlot } from "./discovery-share.js";
import { type DroppedFile, type HarnessLoad, type HarnessRef, type LoadedFile } from "./harness-load.js";

const CLAUDE_DROP_REASONS: { [reason in DroppedReason]: string } = {
  "outside-cwd": "import outside the launch folder (not approved in ~/.claude.json)",
  missing: "import target missing",
  "too-deep": "import nested more than 5 deep",
  "conditional-rule": "rule scoped with paths: (loads when a matching file is read)",
  "not-text": "not a text file",
  "agents-md-ignored": "AGENTS.md is read only when the project has no CLAUDE.md",
};

/**
 * Each chain drop as a load's drop, made once: discovery shares a drop among the launches that make it, and a deep
 * tree's launches each drop every ancestor's import.
 */
const loadDrops = new WeakMap<DroppedClaudeFile, DroppedFile>();
function loadDrop(d: DroppedClaudeFile): DroppedFile {
  let out = loadDrops.get(d);
  if (out === undefined) {
    out = { path: d.path, reason: CLAUDE_DROP_REASONS[d.reason] };
    if (d.importedFrom !== undefined) out.importedFrom = d.importedFrom;
    out.diagnostic = d.diagnostic;
    loadDrops.set(d, out);
  }
  return out;
}

export function claudeMemoryLoad(
  h: HarnessRef,
  host: Host,
  cwd: string,
  home: string,
  gitRoot: string | undefined,
  share?: DiscoveryShare,
): HarnessLoad {
  // Launches of one run share what each folder holds (a memo made for this host and home).
  const shared = shareSlot(share, "claude-code", () => createClaudeFolderMemo(host, home));
  const memo = shared.host === host && shared.home === home ? shared : createClaudeFolderMemo(host, home);
  const claudeJson = memo.claudeJson(home, gitRoot ?? cwd);
  const chain = discoverClaudeMd(host, {
    cwd,
    home,
    externalIncludesApproved: claudeJson.value.externalIncludesApproved,
    memo,
  });
  const claudeSkills = discoverClaudeSkills(
    host,
    gitRoot !== undefined ? { cwd, home, gitRoot, memo } : { cwd, home, memo },
  );
  const diagnostics = [...claudeJson.diagnostics, ...chain.diagnostics, ...claudeSkills.diagnostics];
  const sent = new Set(chain.entries.map((e) => e.path));
  // An AGENTS.md that a CLAUDE.md imports is sent as that import, whatever the fallback rule says.
  const dropped: DroppedFile[] = [];
  for (const d of chain.dropped) if (!sent.has(d.path)) dropped.push(loadDrop(d));
  return {
    harness: h.id,
    displayName: h.displayName,
    files: [
      ...chain.entries.map(
        (e): LoadedFile =>
          e.importedFrom !== undefined
            ? { path: e.path, kind: "import", placement: "first user message", importedFrom: e.importedFrom }
            : { path: e.path, kind: "context", placement: "first user message" },
      ),
      ...claudeSkills.skills.map(
        (s): LoadedFile => ({ path: s.path, kind: "skill", placement: "system message (name and description)" }),
      ),
      // Still a Claude Code skill the user invokes by name, only left out of the model's list.
      ...claudeSkills.diagnostics
        .filter((d) => d.rule === "claude-skill/model-invocation-disabled" && d.file !== undefined)
        .map(
          (d): LoadedFile => ({
            path: d.file as string,
            kind: "skill",
            placement: "not listed (the user invokes it by name)",
            onDemand: true,
          }),
        ),
    ],
    dropped,
    diagnostics,
    basis: "conformance",
  };
}
