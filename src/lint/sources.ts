// Citations shared by several rules. Data only. Pure.
import type { RuleSource } from "./define-rule.js";

export const SKILLS_SPEC: RuleSource = {
  title: "Agent Skills specification",
  url: "https://agentskills.io/specification",
};
export const SKILLS_BEST_PRACTICES: RuleSource = {
  title: "Anthropic: Skill authoring best practices",
  url: "https://platform.claude.com/docs/en/agents-and-tools/agent-skills/best-practices",
};
export const SKILLS_REF: RuleSource = {
  title: "skills-ref validator",
  url: "https://github.com/agentskills/agentskills/tree/main/skills-ref",
};
export const CODEX_AGENTS_MD: RuleSource = {
  title: "Codex: AGENTS.md guide",
  url: "https://developers.openai.com/codex/guides/agents-md",
};
export const CODEX_ISSUE_BUDGET: RuleSource = {
  title: "openai/codex#36371 (cumulative project-doc budget)",
  url: "https://github.com/openai/codex/issues/36371",
};
export const CODEX_CONFIG: RuleSource = {
  title: "Codex configuration reference",
  url: "https://developers.openai.com/codex/config-reference",
};
export const CODEX_SOURCE: RuleSource = {
  title: "openai/codex source (codex-rs/core)",
  url: "https://github.com/openai/codex/tree/main/codex-rs/core/src",
};
export const CLAUDE_MEMORY: RuleSource = {
  title: "Claude Code: memory (CLAUDE.md)",
  url: "https://code.claude.com/docs/en/memory",
};
export const CLAUDE_SKILLS: RuleSource = {
  title: "Claude Code: skills",
  url: "https://code.claude.com/docs/en/skills",
};
export const AGENTBENCH: RuleSource = {
  title: "Gloaguen et al. 2026, AGENTbench (arXiv:2602.11988)",
  url: "https://arxiv.org/abs/2602.11988",
};
export const SKILL_VALIDATOR: RuleSource = {
  title: "agent-ecosystem/skill-validator",
  url: "https://github.com/agent-ecosystem/skill-validator",
};
export const AGNIX_RULES: RuleSource = {
  title: "agnix validation rules",
  url: "https://github.com/agent-sh/agnix/blob/main/knowledge-base/VALIDATION-RULES.md",
};
export const CLAUDE_CODE_LINT: RuleSource = {
  title: "claude-code-lint rules",
  url: "https://github.com/pdugan20/claudelint",
};
export const SKILLSAW: RuleSource = { title: "skillsaw rules", url: "https://github.com/stbenjam/skillsaw" };
export const TROJAN_SOURCE: RuleSource = {
  title: "Trojan Source (CVE-2021-42574)",
  url: "https://trojansource.codes/",
};
export const CURSOR_RULES: RuleSource = { title: "Cursor: rules", url: "https://cursor.com/docs/context/rules" };
export const COPILOT_INSTRUCTIONS: RuleSource = {
  title: "GitHub Copilot: repository custom instructions",
  url: "https://docs.github.com/en/copilot/customizing-copilot/adding-repository-custom-instructions-for-github-copilot",
};
export const HANDLEBARS: RuleSource = {
  title: "Handlebars: partials",
  url: "https://handlebarsjs.com/guide/partials.html",
};
export const VITEST_SNAPSHOTS: RuleSource = {
  title: "vitest: snapshot testing",
  url: "https://vitest.dev/guide/snapshot",
};
export const HANDLEBARS_STRICT: RuleSource = {
  title: "Handlebars: compile options (strict)",
  url: "https://handlebarsjs.com/api-reference/compilation.html",
};
export const DOTPROMPT: RuleSource = {
  title: "Dotprompt: template input schemas",
  url: "https://google.github.io/dotprompt/",
};
