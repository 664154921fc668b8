// Codex's discovery caps, shared by both profiles, discovery and lint (one definition each). Pure data.
import type { TurnContextDiscovery } from "./profile.js";

/** `project_doc_max_bytes` default: the budget all project docs share, spent root-first. */
export const AGENTS_MD_MAX_BYTES = 32 * 1024;
/** SKILL.md limits, counted in characters. */
export const SKILL_NAME_MAX_CHARS = 64;
export const SKILL_DESCRIPTION_MAX_CHARS = 1024;
export const SKILL_SHORT_DESCRIPTION_MAX_CHARS = 1024;
/** The skills root is depth 0; `SKILL.md` at depth ≤ this loads. */
export const SKILL_MAX_SCAN_DEPTH = 6;
export const SKILL_MAX_DIRS_PER_ROOT = 2000;

export const CODEX_DISCOVERY_RULES: TurnContextDiscovery = { type: "turn-context", decode: "lossy" };
