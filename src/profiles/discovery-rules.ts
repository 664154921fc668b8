// Codex's discovery caps, shared by both profiles, discovery and lint (one definition each). Pure data.
import type { ApprovalRules } from "../model/approval-rules.js";
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

/** `codex exec` runs with approval `never` whatever config.toml or `-c approval_policy` says (0.171.0, measured). */
export const CODEX_EXEC_APPROVAL: ApprovalRules = { entryPoint: "`codex exec`", fromConfig: false, fallback: "never" };
/**
 * The interactive TUI (and `codex debug prompt-input`): config.toml's policy, else `untrusted` for a folder whose
 * trust entry says untrusted, else on-request (0.171.0, measured with prompt-input; the config cannot name
 * `untrusted` itself: Codex refuses it as no longer supported).
 */
export const CODEX_TUI_APPROVAL: ApprovalRules = {
  entryPoint: "the interactive TUI",
  fromConfig: true,
  fallback: "on-request",
  untrustedProject: "untrusted",
};

export const CODEX_DISCOVERY_RULES: TurnContextDiscovery = {
  type: "turn-context",
  decode: "lossy",
  approval: { default: CODEX_EXEC_APPROVAL, interactive: CODEX_TUI_APPROVAL },
};
