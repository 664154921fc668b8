// The settings a session log says the model was last told — Codex 0.171.0's `turn_context` and `world_state`
// records (promptc's own logs write the same two records) — as the baseline a resumed turn is diffed against. Pure.
import type { ApprovalPolicy, SandboxMode } from "../model/turn-context.js";
import type { ReferenceContext } from "./reference-context.js";
import type { WorldStatePayload } from "./session-log.js";

type Json = { [key: string]: unknown };
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === "string") ? v : undefined);

const SANDBOXES = new Set<string>(["read-only", "workspace-write", "danger-full-access"]);
const APPROVALS = new Set<string>(["untrusted", "on-failure", "on-request", "never"]);

/** What the log records; a field it does not record is absent (a resumed turn takes it as unchanged). */
export interface LoggedSettings {
  cwd?: string;
  shell?: string;
  currentDate?: string;
  timezone?: string;
  /** The `<filesystem>` element exactly as it was rendered. */
  filesystem?: string;
  model?: string;
  sandbox?: SandboxMode;
  approval?: ApprovalPolicy;
  networkAccess?: boolean;
  /** `writable_roots` of a workspace-write sandbox policy. */
  writableRoots?: string[];
  approvedPrefixes?: string[][];
  /** AGENTS.md text (global + project docs) the model was given; null: none. */
  agentsMd?: string | null;
  /** Config developer instructions (promptc logs only: Codex keeps no baseline for them); null: none. */
  developerInstructions?: string | null;
}

/**
 * Folds one `world_state` payload into the state so far: `full: true` replaces it, otherwise the keys are merged
 * deeply (0.171.0 writes only what changed, e.g. `{environments: {current_date}}`; null marks a value removed).
 */
export function mergeWorldState(state: Json | undefined, payload: Json): Json | undefined {
  const next = payload.state;
  if (!isObject(next)) return state;
  return payload.full === true || state === undefined ? next : deepMerge(state, next);
}

function deepMerge(a: Json, b: Json): Json {
  const out: Json = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObject(v) && isObject(a[k]) ? deepMerge(a[k], v) : v;
  return out;
}

/** Reads a `turn_context` payload (Codex's keys, or promptc's `sandbox`/`approval`/`network_access`/`writable_roots`). */
function fromTurnContext(tc: Json, out: LoggedSettings): void {
  const cwd = str(tc.cwd);
  if (cwd !== undefined) out.cwd = cwd;
  const model = str(tc.model);
  if (model !== undefined) out.model = model;
  const approval = str(tc.approval_policy) ?? str(tc.approval);
  if (approval !== undefined && APPROVALS.has(approval)) out.approval = approval as ApprovalPolicy;
  const policy = isObject(tc.sandbox_policy) ? tc.sandbox_policy : undefined;
  const sandbox = str(policy?.type) ?? str(tc.sandbox);
  if (sandbox !== undefined && SANDBOXES.has(sandbox)) out.sandbox = sandbox as SandboxMode;
  const network = policy?.network_access ?? tc.network_access;
  if (typeof network === "boolean") out.networkAccess = network;
  const roots = strings(policy?.writable_roots) ?? strings(tc.writable_roots);
  if (roots !== undefined) out.writableRoots = roots;
}

function fromWorldState(ws: Json, out: LoggedSettings): void {
  const envs = isObject(ws.environments) ? ws.environments : {};
  const local = isObject(envs.environments) && isObject(envs.environments.local) ? envs.environments.local : {};
  const set = <K extends "cwd" | "shell" | "currentDate" | "timezone" | "filesystem" | "model">(key: K, v: unknown) => {
    const s = str(v);
    if (s !== undefined) out[key] = s;
  };
  set("cwd", local.cwd);
  set("shell", local.shell);
  set("currentDate", envs.current_date);
  set("timezone", envs.timezone);
  set("filesystem", envs.filesystem);
  set("model", ws.model);
  if (isObject(ws.agents_md)) out.agentsMd = str(ws.agents_md.text) ?? null;
  if (isObject(ws.permissions) && Array.isArray(ws.permissions.approved_command_prefixes)) {
    const prefixes = ws.permissions.approved_command_prefixes.map(strings);
    if (prefixes.every((p) => p !== undefined)) out.approvedPrefixes = prefixes as string[][];
  }
  if ("developer_instructions" in ws) out.developerInstructions = str(ws.developer_instructions) ?? null;
}

/**
 * The baseline of the log's last turn: the last `turn_context` (settings), overlaid by the merged `world_state`
 * (what the model was told). Undefined when the log has neither (no baseline: the full context is sent again).
 */
export function loggedSettingsOf(turnContext: Json | undefined, worldState: Json | undefined): LoggedSettings | undefined {
  if (turnContext === undefined && worldState === undefined) return undefined;
  const out: LoggedSettings = {};
  if (turnContext !== undefined) fromTurnContext(turnContext, out);
  if (worldState !== undefined) fromWorldState(worldState, out);
  return out;
}

/** The `world_state` promptc logs for a turn: the reference context in Codex's shape (read back by loggedSettingsOf). */
export function buildWorldState(ref: ReferenceContext, approvedPrefixes: readonly string[][]): WorldStatePayload {
  const environments: WorldStatePayload["state"]["environments"] = { environments: { local: { cwd: ref.cwd, shell: ref.shell } } };
  if (ref.currentDate !== undefined) environments.current_date = ref.currentDate;
  if (ref.timezone !== undefined) environments.timezone = ref.timezone;
  if (ref.filesystem !== undefined) environments.filesystem = ref.filesystem;
  return {
    full: true,
    state: {
      environments,
      model: ref.model,
      agents_md: ref.agentsMd !== undefined ? { directory: ref.cwd, text: ref.agentsMd } : {},
      permissions: { approved_command_prefixes: approvedPrefixes.map((p) => [...p]) },
      developer_instructions: ref.developerInstructions ?? null,
    },
  };
}
