// Discovery's public surface: config, AGENTS.md, skills, prefix rules, environment, loadTurnContext.
// Re-exports only (IO through the Host; the parse*/format helpers are pure).
export {
  loadTurnContext,
  MAX_USER_INPUT_TEXT_CHARS,
  PLACEHOLDER_SESSION_ID,
  DEFAULT_MODEL,
  DEFAULT_SANDBOX,
  DEFAULT_APPROVAL,
} from "./load-turn-context.js";
export type { LoadTurnContextOptions } from "./load-turn-context.js";
export { loadConfig } from "./load-config.js";
export type { LoadConfigOptions, LoadedConfig } from "./load-config.js";
export {
  parseConfig,
  defaultCodexConfig,
  DEFAULT_PROJECT_ROOT_MARKERS,
  PROJECT_DOC_MAX_BYTES,
} from "./parse-config.js";
export type { CodexConfig, ParseConfigOptions } from "./parse-config.js";
export {
  discoverAgentsMd,
  discoverProjectDocPaths,
  readGlobalInstructions,
  agentsMdCandidates,
  DEFAULT_PROJECT_DOC_FILENAME,
  LOCAL_PROJECT_DOC_FILENAME,
} from "./discover-agents-md.js";
export type { DiscoverAgentsMdOptions } from "./discover-agents-md.js";
export { findProjectRoot } from "./find-project-root.js";
export type { ProjectRootResult, FindProjectRootOptions } from "./find-project-root.js";
export { decodeDocBytes, incompleteTailLength } from "./decode-doc.js";
export type { DecodeMode, DecodedDoc } from "./decode-doc.js";
export { discoverSkills, orderSkills, isListedSkill, labelSkillRoots, SKILL_SCOPE_RANK } from "./discover-skills.js";
export type { DiscoverSkillsOptions } from "./discover-skills.js";
export { planSkillRoots, DEFAULT_ADMIN_SKILLS_ROOT } from "./plan-skill-roots.js";
export type { PlanSkillRootsOptions } from "./plan-skill-roots.js";
export { scanSkillRoot, MAX_SCAN_DEPTH, MAX_SKILLS_DIRS_PER_ROOT } from "./scan-skill-root.js";
export type { ScannedSkill } from "./scan-skill-root.js";
export {
  parseSkillMd,
  parseSkillSidecar,
  extractFrontmatter,
  sanitizeSingleLine,
  parseYamlSafely,
  MAX_SKILL_NAME_CHARS,
  MAX_SKILL_DESCRIPTION_CHARS,
  MAX_SKILL_SHORT_DESCRIPTION_CHARS,
} from "./parse-skill-md.js";
export type { ParsedSkillMd, ParseSkillMdResult, SkillSidecar } from "./parse-skill-md.js";
export { discoverPrefixRules } from "./discover-prefix-rules.js";
export type { PrefixRulesInfo } from "./discover-prefix-rules.js";
export { parsePrefixRules } from "./parse-prefix-rules.js";
export type { PrefixRule, PrefixDecision } from "./parse-prefix-rules.js";
export {
  discoverEnvironment,
  shellNameFromPath,
  formatDateInZone,
  isValidTimezone,
  DEFAULT_SHELL,
  FALLBACK_TIMEZONE,
} from "./resolve-environment.js";
export type { ResolvedEnvironment, DiscoverEnvironmentOptions } from "./resolve-environment.js";
export { loadImages, imageMimeType } from "./load-images.js";
export { rustTrim, charCount, formatCount, formatBudget, formatList } from "./text-utils.js";
