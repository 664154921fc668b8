// What Copilot CLI 1.0.102 loads from a folder, for the agents table and lint: the same discovery
// `promptc preview --profile copilot` runs (discover/copilot/), flattened to paths. IO through the Host only.
import type { Host } from "../../host/host.js";
import { discoverCopilotInstructions } from "../copilot/discover-copilot-instructions.js";
import { discoverCopilotSkills } from "../copilot/discover-copilot-skills.js";
import { COPILOT_IMPORT_DROP_REASONS } from "../copilot/expand-copilot-imports.js";
import { copilotHomeOf } from "../copilot/load-copilot-turn.js";
import { createCopilotFolderMemo } from "../copilot/copilot-folder-memo.js";
import { type DiscoveryShare, shareSlot } from "./discovery-share.js";

export interface CopilotLoad {
  /** Custom instruction files in order, then the `.instructions.md` files sent whole. */
  files: string[];
  skills: string[];
  /** Files expanded into an instruction file, each once, with its first importer. */
  imports: { path: string; importedFrom: string }[];
  /** `.instructions.md` files the prompt names (with their `applyTo`) for the model to read when it edits. */
  rules: string[];
  /** Seen and left out, with why. */
  dropped: { path: string; reason: string; importedFrom?: string }[];
}

export function discoverCopilot(
  host: Host,
  options: { cwd: string; home: string; gitRoot?: string; share?: DiscoveryShare },
): CopilotLoad {
  const copilotHome = copilotHomeOf(host, options.home);
  // Launches of one run share what each folder holds (a memo made for this host).
  const shared = shareSlot(options.share, "copilot", () => createCopilotFolderMemo(host));
  const memo = shared.host === host ? shared : createCopilotFolderMemo(host);
  const rootOpt = options.gitRoot !== undefined ? { gitRoot: options.gitRoot } : {};
  const instructions = discoverCopilotInstructions(host, { cwd: options.cwd, copilotHome, memo, ...rootOpt });
  const skills = discoverCopilotSkills(host, { cwd: options.cwd, home: options.home, copilotHome, memo, ...rootOpt });
  const load: CopilotLoad = {
    files: [...instructions.files.map((f) => f.path), ...instructions.inlined.map((f) => f.path)],
    skills: skills.skills.map((s) => s.path),
    imports: [],
    rules: instructions.rules.map((r) => r.path),
    dropped: [...skills.dropped],
  };
  const imported = new Set<string>();
  for (const f of instructions.files)
    for (const i of f.imports) {
      if (i.outcome === "imported") {
        if (!imported.has(i.path)) {
          imported.add(i.path);
          load.imports.push({ path: i.path, importedFrom: f.path });
        }
      } else if (i.outcome !== "already-loaded")
        load.dropped.push({ path: i.path, reason: COPILOT_IMPORT_DROP_REASONS[i.outcome], importedFrom: f.path });
    }
  return load;
}
