// Loading a scenario: read and parse the file, then set each turn up with the one turn setup (setup/), on a
// virtual filesystem when the scenario declares `files`. IO through the Host only.
import type { Host } from "../host/host.js";
import { dirnameOf, joinPath } from "../discover/paths.js";
import { createHidingHost } from "../host/hiding-host.js";
import { createMemoryHost, type MemoryEntry } from "../host/memory-host.js";
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import type { TurnContext } from "../model/turn-context.js";
import { getProfile, hasEnvelopeLayout } from "../profiles/index.js";
import {
  bareMachine,
  isEnvelopeTurn,
  setupTurn,
  type SetUpTurn,
  type SetupPorts,
  type TurnInput,
} from "../setup/index.js";
import { applyScenarioSettings } from "./compile-scenario.js";
import { parseScenario, resolveAgainst } from "./parse-scenario.js";
import { settingsAtTurn, VIRTUAL_CODEX_HOME, VIRTUAL_HOME, type Scenario } from "./scenario.js";
import YAML from "yaml";
import { cannotRead } from "../model/file-error.js";

/** Scenario files larger than this are refused (a scenario is hand-written YAML). */
export const SCENARIO_MAX_BYTES = 8 * 1024 * 1024;

export function loadScenarioFile(host: Host, path: string): Result<Scenario | undefined> {
  const read = host.readBytes(path, { maxBytes: SCENARIO_MAX_BYTES + 1 });
  if (!read.ok)
    return {
      value: undefined,
      diagnostics: [diagnostic("scenario/unreadable", "error", cannotRead(path, read.error), { file: path })],
    };
  if (read.value.size > SCENARIO_MAX_BYTES) {
    return {
      value: undefined,
      diagnostics: [
        diagnostic("scenario/too-large", "error", `scenario ${path} is over ${SCENARIO_MAX_BYTES} bytes`, {
          file: path,
        }),
      ],
    };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(read.value.bytes);
  } catch {
    return {
      value: undefined,
      diagnostics: [
        diagnostic("scenario/invalid-utf8", "error", `scenario ${path} is not valid UTF-8`, { file: path }),
      ],
    };
  }
  return parseScenario(text, path);
}

/** The host a scenario runs on: its virtual `files` (plus /tmp) when it declares them, else `host`. */
export function scenarioHost(scenario: Scenario, host: Host): Host {
  if (!scenario.files) return host;
  const files: Record<string, MemoryEntry> = {
    "/tmp": { dir: true },
    [VIRTUAL_HOME]: { dir: true },
    [VIRTUAL_CODEX_HOME]: { dir: true },
  };
  for (const [path, entry] of Object.entries(scenario.files))
    files[path] = typeof entry === "string" ? entry : { dir: true };
  files[scenario.settings.cwd] ??= { dir: true };
  for (const t of scenario.turns) if (t.settings?.cwd !== undefined) files[t.settings.cwd] ??= { dir: true };
  // A fixed clock: scenarios name their date; this only matters when they do not.
  return createMemoryHost({
    files,
    cwd: scenario.settings.cwd,
    home: VIRTUAL_HOME,
    env: { HOME: VIRTUAL_HOME },
    clock: { nowMs: 0, timezone: "Etc/UTC" },
  });
}

/** What a caller adds to a scenario's turns: the calibration switch and a calibrated prose dir (`--prose-dir`). */
export interface ScenarioSetupOptions {
  /** false: stand-in prose (`--no-calibration`). */
  calibration?: boolean;
  proseDir?: string;
  /**
   * promptc's own folders (absolute: the scenarios and their snapshots) the turns do not see, so a snapshot does
   * not change with itself or with other scenarios (Gemini CLI lists the folder tree). A folder holding a turn's
   * working directory stays visible.
   */
  hidden?: readonly string[];
}

/**
 * The machine a scenario's harness turns run on: named, with no git facts, nothing on PATH and no agent install
 * folder, so a snapshot does not change with the kernel, each commit or where an agent is installed.
 */
export const SCENARIO_MACHINE = bareMachine("linux", "Linux");

/** The ports a scenario's turns are set up with: its files (virtual or `host`), the user's `host`, a fixed machine. */
export function scenarioPorts(scenario: Scenario, host: Host, hidden: readonly string[] = []): SetupPorts {
  const cwds = [scenario.settings.cwd, ...scenario.turns.flatMap((t) => t.settings?.cwd ?? [])];
  const holdsCwd = (folder: string) => cwds.some((c) => c === folder || c.startsWith(`${folder}/`));
  const files = createHidingHost(
    scenarioHost(scenario, host),
    scenario.files ? [] : hidden.filter((f) => !holdsCwd(f)),
  );
  return { files, user: host, machine: SCENARIO_MACHINE };
}

/** What the one turn setup gets for turn `i` (0-based): the scenario's settings in force then. */
export function scenarioTurnInput(scenario: Scenario, i: number, options: ScenarioSetupOptions = {}): TurnInput {
  const s = settingsAtTurn(scenario, i);
  const turn = scenario.turns[i]!;
  const profile = getProfile(scenario.profile);
  const common = {
    ...(options.calibration === false ? { calibration: false } : {}),
  };
  if (!hasEnvelopeLayout(profile))
    return {
      profile,
      message: turn.user,
      cwd: s.cwd,
      sessionId: scenario.session.id,
      ...(scenario.home !== undefined ? { home: scenario.home } : {}),
      ...(s.model !== undefined ? { model: s.model } : {}),
      ...(s.date !== undefined ? { date: s.date } : {}),
      ...(s.timezone !== undefined ? { timezone: s.timezone } : {}),
      ...common,
    };
  const codexHome = scenario.codexHome ?? (scenario.files ? VIRTUAL_CODEX_HOME : undefined);
  return {
    profile,
    load: {
      cwd: s.cwd,
      ...(codexHome !== undefined ? { codexHome } : {}),
      ...(s.sandbox !== undefined ? { sandbox: s.sandbox } : {}),
      ...(s.approval !== undefined ? { approval: s.approval } : {}),
      ...(s.model !== undefined ? { model: s.model } : {}),
      sessionId: scenario.session.id,
      ...(s.date !== undefined ? { date: s.date } : {}),
      ...(s.timezone !== undefined ? { timezone: s.timezone } : {}),
      ...(s.shell !== undefined ? { shell: s.shell } : {}),
      message: turn.user,
      ...(turn.images ? { images: turn.images } : {}),
      decode: profile.discovery.decode,
      adminSkillsRoot: null,
    },
    ...(options.proseDir !== undefined ? { proseDir: options.proseDir } : {}),
    ...common,
  };
}

/** Every turn of the scenario set up by the one turn setup, in order; the first failure stops it. */
export function setupScenarioTurns(
  host: Host,
  scenario: Scenario,
  options: ScenarioSetupOptions = {},
): Result<SetUpTurn[] | undefined> {
  const ports = scenarioPorts(scenario, host, options.hidden);
  const diagnostics: Diagnostic[] = [];
  const said = new Set<string>();
  const turns: SetUpTurn[] = [];
  for (let i = 0; i < scenario.turns.length; i++) {
    const r = setupTurn(ports, scenarioTurnInput(scenario, i, options));
    // An error stops the scenario: say which scenario and turn it came from. What every turn's setup repeats
    // (the calibration in use, a version line) is said once.
    const failed = "error" in r;
    const own =
      failed && !r.diagnostics.some((d) => d.severity === "error")
        ? [...r.diagnostics, diagnostic("scenario/turn-setup", "error", r.error, { file: scenario.file })]
        : r.diagnostics;
    for (const d of own) {
      const key = `${d.rule}\u0000${d.file ?? ""}\u0000${d.message}`;
      if (d.severity !== "error" && said.has(key)) continue;
      said.add(key);
      diagnostics.push({
        ...d,
        ...(d.severity === "error" ? { message: `${scenario.file} turn ${i + 1}: ${d.message}` } : {}),
        data: { ...(d.data ?? {}), turn: i + 1 },
      });
    }
    if (failed) return { value: undefined, diagnostics };
    turns.push(isEnvelopeTurn(r) ? { ...r, ctx: applyScenarioSettings(r.ctx, settingsAtTurn(scenario, i)) } : r);
  }
  return { value: turns, diagnostics };
}

/** One TurnContext per turn of a scenario laid out as envelopes (its turns as the one turn setup loads them). */
export function loadScenarioContexts(
  host: Host,
  scenario: Scenario,
  options: ScenarioSetupOptions = {},
): Result<TurnContext[] | undefined> {
  const r = setupScenarioTurns(host, scenario, options);
  if (!r.value) return { value: undefined, diagnostics: r.diagnostics };
  const contexts = r.value.filter(isEnvelopeTurn).map((t) => t.ctx);
  return { value: contexts.length === r.value.length ? contexts : undefined, diagnostics: r.diagnostics };
}

/** `promptc snapshot`'s folders when neither a flag nor promptc.yaml names them (relative to the project). */
export const DEFAULT_SCENARIO_DIR = "fixtures/scenarios";
/** Scenario snapshots live one folder down so scenario names cannot collide with other snapshot kinds. */
export const DEFAULT_SNAPSHOT_DIR = "snapshots/scenarios";

/**
 * promptc's own folders a scenario's turns do not see (ScenarioSetupOptions.hidden): the scenario file's folder
 * and the scenario and snapshot folders `promptc snapshot` uses from `host`'s working directory.
 */
export function promptcFolders(host: Host, scenarioFile: string): string[] {
  const configured = loadSnapshotFolders(host, host.cwd()).value ?? {};
  const root = configured.file !== undefined ? dirnameOf(configured.file) : host.cwd();
  return [
    dirnameOf(scenarioFile),
    configured.scenarios ?? joinPath(root, DEFAULT_SCENARIO_DIR),
    configured.out ?? joinPath(root, DEFAULT_SNAPSHOT_DIR),
  ];
}

/** Files that may hold a `snapshot:` section, nearest first in each folder (the lint config's names). */
export const SNAPSHOT_CONFIG_FILES = ["promptc.yaml", "promptc.yml"] as const;
const CONFIG_MAX_BYTES = 1024 * 1024;

export interface SnapshotFolders {
  /** Folder of scenario files, absolute. */
  scenarios?: string;
  /** Snapshot folder, absolute. */
  out?: string;
  /** The config file they came from. */
  file?: string;
}

/**
 * The `snapshot: { scenarios, out }` section of the nearest promptc.yaml above `cwd` (paths relative to that
 * file). A file without the section gives `{}`; a malformed one is an error diagnostic, never ignored.
 */
export function loadSnapshotFolders(host: Host, cwd: string): Result<SnapshotFolders | undefined> {
  for (let dir = cwd; ; dir = dir.slice(0, Math.max(dir.lastIndexOf("/"), 1))) {
    for (const name of SNAPSHOT_CONFIG_FILES) {
      const file = `${dir === "/" ? "" : dir}/${name}`;
      const read = host.readBytes(file, { maxBytes: CONFIG_MAX_BYTES });
      if (!read.ok) continue;
      const bad = (message: string) => ({
        value: undefined,
        diagnostics: [diagnostic("snapshot/config", "error", `${file}: ${message}`, { file })],
      });
      if (read.value.size > CONFIG_MAX_BYTES) return bad(`over ${CONFIG_MAX_BYTES} bytes`);
      let data: unknown;
      try {
        data = YAML.parse(new TextDecoder("utf-8", { fatal: true }).decode(read.value.bytes), { maxAliasCount: 100 });
      } catch (err) {
        return bad(err instanceof Error ? err.message.split("\n")[0]! : String(err));
      }
      const section = data !== null && typeof data === "object" ? (data as { snapshot?: unknown }).snapshot : undefined;
      if (section === undefined) return { value: { file }, diagnostics: [] };
      if (section === null || typeof section !== "object" || Array.isArray(section))
        return bad("`snapshot` must be a mapping with `scenarios` and/or `out`");
      const out: SnapshotFolders = { file };
      for (const [key, value] of Object.entries(section)) {
        if (key !== "scenarios" && key !== "out") return bad(`unknown key snapshot.${key} (expected scenarios, out)`);
        if (typeof value !== "string" || value === "") return bad(`snapshot.${key} must be a folder path`);
        out[key] = resolveAgainst(file, value);
      }
      return { value: out, diagnostics: [] };
    }
    if (dir === "/" || !dir.includes("/")) return { value: {}, diagnostics: [] };
  }
}
