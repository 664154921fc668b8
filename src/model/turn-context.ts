// TurnContext: everything the pure core needs to compile one turn, as plain data.
// Produced at the edge by `loadTurnContext` (src/node.ts); nothing in it is read lazily.

import type { ApprovalPolicy, SandboxMode } from "./permission-modes.js";
import type { ShellEnvironmentPolicy } from "./shell-environment-policy.js";

export type { ApprovalPolicy, SandboxMode } from "./permission-modes.js";
export type ShellName = "zsh" | "bash" | "powershell" | "sh" | "cmd";

/** One project doc (AGENTS.md / override / fallback) after the budgeted read. */
export interface ProjectDoc {
  path: string;
  /** Decoded kept text, untrimmed (Codex keeps project docs untrimmed). */
  text: string;
  /** Size of the whole file on disk. */
  sizeBytes: number;
  /** Bytes read and charged to the shared budget. */
  keptBytes: number;
}

export interface GlobalInstructions {
  path: string;
  /** Trimmed, uncapped. */
  text: string;
  sizeBytes: number;
}

export interface UserInstructions {
  global?: GlobalInstructions;
  projectDocs: ProjectDoc[];
  /** `project_doc_max_bytes` in force (0 disables project docs). */
  budgetBytes: number;
  /** cwd is an untrusted project: no project docs, and Codex 0.171.0's heading names no directory. */
  untrustedProject?: boolean;
}

export type SkillScope = "repo" | "user" | "system" | "admin";

export interface SkillRoot {
  /** Canonical absolute directory. */
  path: string;
  scope: SkillScope;
}

export interface SkillMetadata {
  name: string;
  description: string;
  shortDescription?: string;
  /** Canonical absolute path of SKILL.md. */
  path: string;
  scope: SkillScope;
  /** Index into `SkillsInfo.roots` (rendered as `r<k>`). */
  rootIndex: number;
  /** Whole SKILL.md text, frontmatter included (what a `<skill>` injection sends). */
  contents: string;
  enabled: boolean;
  allowImplicitInvocation: boolean;
}

export interface SkillsInfo {
  roots: SkillRoot[];
  /** Already in final order (scope rank, name, path). */
  skills: SkillMetadata[];
}

export interface NetworkRequirements {
  allowedDomains: string[];
  deniedDomains: string[];
}

export interface EnvironmentInfo {
  cwd: string;
  shell: ShellName | string;
  /** `YYYY-MM-DD` in `timezone`. */
  currentDate?: string;
  /** IANA zone. */
  timezone?: string;
  network?: NetworkRequirements;
  /** Pre-rendered subagent lines (`- id: nickname`), empty when none. */
  subagents?: string;
}

export interface PermissionsInfo {
  sandbox: SandboxMode;
  approval: ApprovalPolicy;
  networkAccess: boolean;
  /** `writable_roots` from config (workspace-write only). */
  configuredWritableRoots: string[];
  /** Whether `/tmp` exists on the host (Codex lists it as a writable root when it does). */
  tmpExists: boolean;
  /** `$TMPDIR` when set. */
  tmpdir?: string;
  /** Allow-decision prefix rules from `$CODEX_HOME/rules/*.rules`, in file order. */
  approvedPrefixes: string[][];
}

export interface UserInput {
  text: string;
  /** Image URLs (`data:` URLs or https) attached to the message. */
  images: string[];
  /** Local image files (`-i FILE`), already read into `data:` URLs; sent before `images` (compile helper). */
  localImages?: { path: string; url: string }[];
  /** Structured skill selections (Codex `UserInput::Skill`), matched by exact path first (compile helper). */
  skills?: { name: string; path: string }[];
}

export interface TurnContext {
  model: string;
  /** Used for `prompt_cache_key`. */
  sessionId: string;
  environment: EnvironmentInfo;
  permissions: PermissionsInfo;
  /** User-supplied base instructions (`model_instructions_file`, `--base-instructions`). */
  baseInstructions?: { text: string; source: string };
  /** `developer_instructions` from config. */
  developerInstructions?: string;
  userInstructions: UserInstructions;
  skills: SkillsInfo;
  userInput: UserInput;
  /** Model numbers from config (`model_context_window`, `model_auto_compact_token_limit`). */
  contextWindow?: number;
  autoCompactTokenLimit?: number;
  compactPrompt?: string;
  /** `[shell_environment_policy]` from config when it has one: the environment tool processes get (never model-visible). */
  shellEnvironmentPolicy?: ShellEnvironmentPolicy;
  /** Lower-cased connector (app) slugs; a plain `$name` equal to one is not a skill mention (compile helper). */
  connectorSlugs?: string[];
}
