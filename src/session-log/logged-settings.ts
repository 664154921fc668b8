// The settings a session log says the model was last told — Codex 0.171.0's `turn_context` and `world_state`
// records (promptc's own logs write the same two records) — as the baseline a resumed turn is diffed against. Pure.
import { isApprovalPolicy, isSandboxMode, type ApprovalPolicy, type SandboxMode } from "../model/permission-modes.js";
import type { ReferenceContext } from "../session/reference-context.js";
import type { WorldStatePayload } from "./session-log.js";
import { isJsonObject, stringValue, type JsonObject } from "../model/json-value.js";

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === "string") ? v : undefined;

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
  /** `multi_agent_version` of the session (Codex fixes it at the thread's start; a model switch keeps it). */
  multiAgentVersion?: string;
  /** `comp_hash` of the last turn's model (absent for a fallback slug): see Profile.compactionFamily. */
  compHash?: string;
}

/**
 * Folds one `world_state` payload into the state so far: `full: true` replaces it, otherwise the keys are merged
 * deeply (0.171.0 writes only what changed, e.g. `{environments: {current_date}}`; null marks a value removed).
 */
export function mergeWorldState(state: JsonObject | undefined, payload: JsonObject): JsonObject | undefined {
  const next = payload.state;
  if (!isJsonObject(next)) return state;
  return payload.full === true || state === undefined ? next : deepMerge(state, next);
}

function deepMerge(a: JsonObject, b: JsonObject): JsonObject {
  const out: JsonObject = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isJsonObject(v) && isJsonObject(a[k]) ? deepMerge(a[k], v) : v;
  return out;
}

/** Reads a `turn_context` payload (Codex's keys, or promptc's `sandbox`/`approval`/`network_access`/`writable_roots`). */
function fromTurnContext(tc: JsonObject, out: LoggedSettings): void {
  const cwd = stringValue(tc.cwd);
  if (cwd !== undefined) out.cwd = cwd;
  const model = stringValue(tc.model);
  if (model !== undefined) out.model = model;
  const approval = stringValue(tc.approval_policy) ?? stringValue(tc.approval);
  if (isApprovalPolicy(approval)) out.approval = approval;
  const policy = isJsonObject(tc.sandbox_policy) ? tc.sandbox_policy : undefined;
  const sandbox = stringValue(policy?.type) ?? stringValue(tc.sandbox);
  if (isSandboxMode(sandbox)) out.sandbox = sandbox;
  const network = policy?.network_access ?? tc.network_access;
  if (typeof network === "boolean") out.networkAccess = network;
  const roots = strings(policy?.writable_roots) ?? strings(tc.writable_roots);
  if (roots !== undefined) out.writableRoots = roots;
  const multiAgent = stringValue(tc.multi_agent_version);
  if (multiAgent !== undefined) out.multiAgentVersion = multiAgent;
  // Every turn context says it (or, for a fallback slug, leaves it out): the last one wins.
  const comp = stringValue(tc.comp_hash);
  if (comp !== undefined) out.compHash = comp;
  else delete out.compHash;
}

function fromWorldState(ws: JsonObject, out: LoggedSettings): void {
  const envs = isJsonObject(ws.environments) ? ws.environments : {};
  const local = isJsonObject(envs.environments) && isJsonObject(envs.environments.local) ? envs.environments.local : {};
  const set = <K extends "cwd" | "shell" | "currentDate" | "timezone" | "filesystem" | "model">(key: K, v: unknown) => {
    const s = stringValue(v);
    if (s !== undefined) out[key] = s;
  };
  set("cwd", local.cwd);
  set("shell", local.shell);
  set("currentDate", envs.current_date);
  set("timezone", envs.timezone);
  set("filesystem", envs.filesystem);
  set("model", ws.model);
  if (isJsonObject(ws.agents_md)) out.agentsMd = stringValue(ws.agents_md.text) ?? null;
  if (isJsonObject(ws.permissions) && Array.isArray(ws.permissions.approved_command_prefixes)) {
    const prefixes = ws.permissions.approved_command_prefixes.map(strings);
    if (prefixes.every((p) => p !== undefined)) out.approvedPrefixes = prefixes as string[][];
  }
  if ("developer_instructions" in ws) out.developerInstructions = stringValue(ws.developer_instructions) ?? null;
}

/**
 * The baseline of the log's last turn: the last `turn_context` (settings), overlaid by the merged `world_state`
 * (what the model was told). Undefined when the log has neither (no baseline: the full context is sent again).
 */
export function loggedSettingsOf(
  turnContext: JsonObject | undefined,
  worldState: JsonObject | undefined,
): LoggedSettings | undefined {
  if (turnContext === undefined && worldState === undefined) return undefined;
  const out: LoggedSettings = {};
  if (turnContext !== undefined) fromTurnContext(turnContext, out);
  if (worldState !== undefined) fromWorldState(worldState, out);
  return out;
}

/** The `world_state` promptc logs for a turn: the reference context in Codex's shape (read back by loggedSettingsOf). */
export function buildWorldState(ref: ReferenceContext, approvedPrefixes: readonly string[][]): WorldStatePayload {
  const environments: WorldStatePayload["state"]["environments"] = {
    environments: { local: { cwd: ref.cwd, shell: ref.shell } },
  };
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
