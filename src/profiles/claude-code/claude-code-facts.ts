// Facts of the Claude Code 2.1.332 request that are not prose: constants, key order, names, label formats and
// the billing fingerprint's algorithm, as observed in loopback captures. Pure data.

export const CLAUDE_CODE_VERSION = "2.1.332";

/** Top-level keys of the `/v1/messages` body, in serialisation order. */
export const CLAUDE_CODE_BODY_KEYS = [
  "model",
  "messages",
  "system",
  "tools",
  "metadata",
  "max_tokens",
  "thinking",
  "context_management",
  "output_config",
  "stream",
] as const;

export const CLAUDE_CODE_DEFAULTS = {
  model: "claude-opus-5-5",
  /** Display name used in the attribution reminder and the model line. */
  modelDisplayName: "Opus 5.5",
  maxTokens: 128_000,
  thinking: { type: "adaptive", display: "omitted" },
  contextManagement: { edits: [{ type: "clear_thinking_20251015", keep: "all" }] },
  outputConfig: { effort: "medium" },
  entrypoint: "sdk-cli",
} as const;

/** `--model` aliases and the retired ids Claude Code 2.1.332 sends as another model (measured). */
export const CLAUDE_CODE_MODEL_ALIASES: { readonly [alias: string]: string } = {
  opus: "claude-opus-5-5",
  sonnet: "claude-sonnet-5-5",
  haiku: "claude-haiku-5-5",
  "claude-opus-4-1": "claude-opus-5-5",
};

/** The model id Claude Code sends for a `--model` / ANTHROPIC_MODEL / settings value. */
export function resolveClaudeModel(value: string): string {
  return CLAUDE_CODE_MODEL_ALIASES[value] ?? value;
}

/** What the request takes from the model (measured with the 5.5 models and an id Claude Code does not know). */
export interface ClaudeModelFacts {
  /** `Opus 5.5`; `Code` for an unknown id (the attribution then reads `Claude Code`). */
  displayName: string;
  maxTokens: number;
  effort: string;
  /**
   * `current`: the 5.x request layout promptc reproduces; `legacy`: an older Claude model, for which Claude Code
   * lays the request out otherwise (one user message, no system turn, a thinking budget); `unknown`: not a Claude id.
   */
  layout: "current" | "legacy" | "unknown";
}

export function claudeModelFacts(model: string): ClaudeModelFacts {
  const m = /^claude-(opus|sonnet|haiku)-(\d+)-(\d+)(?:-\d{8})?$/.exec(model);
  if (m === null) return { displayName: "Code", maxTokens: 32_000, effort: "high", layout: "unknown" };
  const family = (m[1] as string)[0]!.toUpperCase() + (m[1] as string).slice(1);
  const major = Number(m[2]);
  return {
    displayName: `${family} ${m[2]}.${m[3]}`,
    maxTokens: major >= 5 ? CLAUDE_CODE_DEFAULTS.maxTokens : 32_000,
    effort: CLAUDE_CODE_DEFAULTS.outputConfig.effort,
    layout: major >= 5 ? "current" : "legacy",
  };
}

export const CLAUDE_CODE_ENDPOINT = "/v1/messages?beta=true";

/** `Contents of <abs> (<label>):` — the label per kind of memory file. */
export const CLAUDE_MD_KIND_LABELS = {
  user: "user's private global instructions for all projects",
  project: "project instructions, checked into the codebase",
  local: "user's private project instructions, not checked in",
} as const;

/** `git status --short` is cut to this many characters, then a note follows. */
export const CLAUDE_GIT_STATUS_MAX_CHARS = 2000;

/** Names of the tools sent in full, in order (the 11th has `defer_loading: true`). */
export const CLAUDE_CODE_TOOL_NAMES = [
  "Agent",
  "Bash",
  "Edit",
  "ListAgents",
  "Read",
  "ReportFindings",
  "ScheduleWakeup",
  "Skill",
  "ToolSearch",
  "Workflow",
  "DeferredToolPlaceholder",
  "Write",
] as const;
export const CLAUDE_CODE_DEFERRED_TOOL = "DeferredToolPlaceholder";
/** Tools listed by name only, loaded on demand through ToolSearch. */
export const CLAUDE_CODE_DEFERRED_TOOLS = [
  "CronCreate",
  "CronDelete",
  "CronList",
  "EnterWorktree",
  "ExitWorktree",
  "Monitor",
  "NotebookEdit",
  "SendMessage",
  "TaskStop",
  "WebFetch",
  "WebSearch",
] as const;
/** Built-in agent types for the Agent tool, in order. */
export const CLAUDE_CODE_AGENT_TYPES = ["claude", "Explore", "general-purpose", "Plan", "statusline-setup"] as const;
/** Built-in and plugin skills listed after the user's and the project's, in order. */
export const CLAUDE_CODE_BUILTIN_SKILLS = [
  "dataviz",
  "update-config",
  "keybindings-help",
  "code-review",
  "simplify",
  "fewer-permission-prompts",
  "loop",
  "claude-api",
  "workflow-authoring",
  "run",
  "plugin-authoring",
  "init",
  "security-review",
] as const;

/** Memory folder name: the git root (else the cwd) with every character outside [A-Za-z0-9] made `-`. */
export function claudeProjectKey(path: string): string {
  return path.replace(/[^A-Za-z0-9]/g, "-");
}

/**
 * The `Current branch:` value: the branch name when it is made of `A-Z a-z 0-9 / . _ + @ -` only, else `HEAD`
 * (measured: `a+b`, `a@b`, `UP_x.y-z` shown; `ü`, `a#b`, `a'b` and a detached HEAD shown as HEAD).
 */
export function claudeBranchLabel(branch: string): string {
  return /^[A-Za-z0-9/._+@-]+$/.test(branch) ? branch : "HEAD";
}

/** Skill descriptions escape `<` and `>` only (`&` and `"` stay). */
export function escapeSkillDescription(text: string): string {
  return text.replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The 3-hex fingerprint in the billing line: sha256 of a fixed salt, the first user message's characters 4, 7
 * and 20 (UTF-16 units; `0` when missing) and the version. Verified: "hello" → 9a2, "what is 2+2" → 34c.
 */
export const BILLING_SALT = "59cf53e54c78";
export const BILLING_CHAR_POSITIONS = [4, 7, 20] as const;

export function billingFingerprintInput(message: string, version: string = CLAUDE_CODE_VERSION): string {
  return BILLING_SALT + BILLING_CHAR_POSITIONS.map((i) => message[i] ?? "0").join("") + version;
}

export function renderBillingLine(
  fingerprint3: string,
  version: string = CLAUDE_CODE_VERSION,
  entrypoint: string = CLAUDE_CODE_DEFAULTS.entrypoint,
): string {
  return `x-anthropic-billing-header: cc_version=${version}.${fingerprint3}; cc_entrypoint=${entrypoint};`;
}

/** The commit trailer Claude Code asks for by default (its attribution reminder names it). */
export function claudeCodeCommitTrailer(modelDisplayName: string): string {
  return `Co-Authored-By: Claude ${modelDisplayName} <noreply@anthropic.com>`;
}
