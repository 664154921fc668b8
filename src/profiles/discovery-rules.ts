// Discovery rules and caps shared by the profiles (Codex's constants). Pure data.
import type { DiscoveryRules } from "./profile.js";

export const AGENTS_MD_MAX_BYTES = 32 * 1024;
export const SKILL_NAME_MAX_CHARS = 64;
export const SKILL_DESCRIPTION_MAX_CHARS = 1024;
export const SKILL_MAX_SCAN_DEPTH = 6;
export const SKILL_MAX_DIRS_PER_ROOT = 2000;

export const CODEX_DISCOVERY_RULES: DiscoveryRules = {
  projectDocMaxBytes: AGENTS_MD_MAX_BYTES,
  projectDocFilenames: ["AGENTS.override.md", "AGENTS.md"],
  projectRootMarkers: [".git"],
  skillNameMaxChars: SKILL_NAME_MAX_CHARS,
  skillDescriptionMaxChars: SKILL_DESCRIPTION_MAX_CHARS,
  skillMaxScanDepth: SKILL_MAX_SCAN_DEPTH,
  skillMaxDirsPerRoot: SKILL_MAX_DIRS_PER_ROOT,
  lossyUtf8Cut: true,
};
