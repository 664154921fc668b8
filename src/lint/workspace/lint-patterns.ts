// The names and folders `promptc lint` looks for, and what it always skips. Data only; pure.

/** What lint looks for when no paths are given. */
export const DEFAULT_LINT_PATTERNS: readonly string[] = [
  "**/AGENTS.md",
  "**/AGENTS.override.md",
  "**/CLAUDE.md",
  "**/CLAUDE.local.md",
  "**/GEMINI.md",
  "**/.github/copilot-instructions.md",
  "**/.github/instructions/**/*.instructions.md",
  "**/.cursor/rules/**/*.mdc",
  "**/.cursorrules",
  "**/.clinerules",
  "**/.clinerules/**/*.md",
  "**/.roo/rules/**/*.md",
  "**/.roo/rules-*/**/*.md",
  "**/.continue/rules/**/*.md",
  "**/.windsurf/rules/**/*.md",
  "**/.windsurfrules",
  "**/.agents/rules/**/*.mdc",
  "**/.cursor/commands/**/*.md",
  "**/SKILL.md",
  "**/.codex/config.toml",
  "**/.codex/rules/*.rules",
  "**/templates/**/*.hbs",
];

/** The folders whose `skills/` a harness scans. */
const SKILL_ROOT_FOLDERS = new Set([".agents", ".claude", ".codex", ".gemini", ".github"]);

/**
 * An entry of a skill folder a harness scans (`.claude/skills/x`); a symlinked skill folder there is linted under
 * the path the harness sees. Compares names: a regex over the alternation cost more to compile than all its tests.
 */
export function isSkillLinkEntry(entry: string): boolean {
  const parts = entry.split("/");
  const n = parts.length;
  return n >= 3 && parts[n - 1] !== "" && parts[n - 2] === "skills" && SKILL_ROOT_FOLDERS.has(parts[n - 3] as string);
}
/** The same entries as glob patterns, one per skill root folder. */
export const SKILL_LINK_PATTERNS: readonly string[] = [...SKILL_ROOT_FOLDERS].map((f) => `**/${f}/skills/*`);

/** Always skipped, whatever .gitignore says. */
export const ALWAYS_IGNORED = ["**/node_modules/**", "**/.git/**"];
