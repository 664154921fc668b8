// The harnesses a lint rule can model (`--target`, a rule's `targets`). Data only; pure.

/** Harnesses whose behaviour a rule models. A rule without targets applies to every harness. */
export const LINT_TARGETS = ["codex", "claude-code", "gemini", "cursor", "copilot"] as const;
export type LintTarget = (typeof LINT_TARGETS)[number];
