// The scenario format: a described conversation (initial settings, then turns) compiled request by request.
// Types only (pure). The JSON Schema is scenario-schema.ts; parsing is parse-scenario.ts.
import type { ResponseItem } from "../model/items.js";
import type { ApprovalPolicy, SandboxMode } from "../model/turn-context.js";
import type { ProfileId } from "../profiles/profile.js";

/** Any registered profile's id (profiles/index.ts `PROFILE_IDS`; the schema's enum lists them). */
export type ScenarioProfile = ProfileId;

/** Settings in force from the turn that names them on; every key is optional in an override. */
export interface ScenarioSettings {
  /** Absolute, or relative to the scenario file. */
  cwd?: string;
  sandbox?: SandboxMode;
  approval?: ApprovalPolicy;
  model?: string;
  /** `YYYY-MM-DD`, the local date the model is told. */
  date?: string;
  /** IANA zone. */
  timezone?: string;
  shell?: string;
  /** Full network access in the sandbox (workspace-write). */
  networkAccess?: boolean;
  /** `writable_roots` (workspace-write). */
  writableRoots?: string[];
  /** `developer_instructions`. */
  developerInstructions?: string;
  /** Managed network requirements (Codex `requirements.toml` network section). */
  network?: { allowed: string[]; denied: string[] };
}

export interface ScenarioSession {
  /** Thread id: the prompt_cache_key. */
  id: string;
  date?: string;
  timezone?: string;
  shell?: string;
}

export interface ScenarioTurn {
  user: string;
  /** Image URLs attached to the user message. */
  images?: string[];
  settings?: ScenarioSettings;
  /** Shorthand for one assistant message after the turn. */
  assistant?: string;
  /** Items the turn produced (calls, outputs, reasoning, messages), recorded after the request. */
  items?: ResponseItem[];
  /** This turn's request is expected NOT to extend the previous one (a deliberate cache break). */
  breaksCache?: boolean;
}

export interface Scenario {
  /** Path the scenario was read from (set by the loader, not written in the file). */
  file: string;
  /** Folder name under snapshots/ (the file name without extension by default). */
  name: string;
  description?: string;
  profile: ScenarioProfile;
  /** Absolute after loading (resolved against the scenario file). */
  codexHome?: string;
  /** The user home a harness profile's discovery reads (absolute after loading; default: the user's). */
  home?: string;
  session: ScenarioSession;
  settings: ScenarioSettings & { cwd: string };
  turns: ScenarioTurn[];
  /**
   * A virtual filesystem (absolute path → file text, or `{ dir: true }`). When present the scenario runs on it
   * alone: paths are used as written (machine-independent snapshots), codexHome defaults to VIRTUAL_CODEX_HOME.
   */
  files?: { [path: string]: string | { dir: true } };
}

export const VIRTUAL_HOME = "/home/user";
export const VIRTUAL_CODEX_HOME = "/home/user/.codex";

/** The settings in force at turn `n` (0-based): initial settings with every override up to n applied. */
export function settingsAtTurn(scenario: Scenario, n: number): ScenarioSettings & { cwd: string } {
  let s: ScenarioSettings & { cwd: string } = {
    ...(scenario.session.date !== undefined ? { date: scenario.session.date } : {}),
    ...(scenario.session.timezone !== undefined ? { timezone: scenario.session.timezone } : {}),
    ...(scenario.session.shell !== undefined ? { shell: scenario.session.shell } : {}),
    ...scenario.settings,
  };
  for (let i = 0; i <= n && i < scenario.turns.length; i++) s = { ...s, ...(scenario.turns[i]!.settings ?? {}) };
  return s;
}
