// Loading a scenario: read and parse the file, then build each turn's TurnContext with loadTurnContext, on a
// virtual filesystem when the scenario declares `files`. IO through the Host only.
import type { Host } from "../host/host.js";
import { createMemoryHost, type MemoryEntry } from "../host/memory-host.js";
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import type { TurnContext } from "../model/turn-context.js";
import { getEnvelopeProfile } from "../profiles/index.js";
import { applyScenarioSettings } from "./compile-scenario.js";
import { parseScenario, resolveAgainst } from "./parse-scenario.js";
import { settingsAtTurn, VIRTUAL_CODEX_HOME, VIRTUAL_HOME, type Scenario } from "./scenario.js";
import { loadTurnContext } from "../discover/load-turn-context.js";
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
  const files: Record<string, MemoryEntry> = { "/tmp": { dir: true }, [VIRTUAL_CODEX_HOME]: { dir: true } };
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

/** One TurnContext per turn, from the scenario's settings in force at that turn. */
export function loadScenarioContexts(
  host: Host,
  scenario: Scenario,
  options: { defaultModel?: string } = {},
): Result<TurnContext[] | undefined> {
  const runOn = scenarioHost(scenario, host);
  const diagnostics: Diagnostic[] = [];
  const contexts: TurnContext[] = [];
  const codexHome = scenario.codexHome ?? (scenario.files ? VIRTUAL_CODEX_HOME : undefined);
  for (let i = 0; i < scenario.turns.length; i++) {
    const s = settingsAtTurn(scenario, i);
    const turn = scenario.turns[i]!;
    const r = loadTurnContext(runOn, {
      cwd: s.cwd,
      ...(codexHome !== undefined ? { codexHome } : {}),
      ...(s.sandbox !== undefined ? { sandbox: s.sandbox } : {}),
      ...(s.approval !== undefined ? { approval: s.approval } : {}),
      ...(s.model !== undefined ? { model: s.model } : {}),
      ...(options.defaultModel !== undefined ? { defaultModel: options.defaultModel } : {}),
      sessionId: scenario.session.id,
      ...(s.date !== undefined ? { date: s.date } : {}),
      ...(s.timezone !== undefined ? { timezone: s.timezone } : {}),
      ...(s.shell !== undefined ? { shell: s.shell } : {}),
      message: turn.user,
      ...(turn.images ? { images: turn.images } : {}),
      decode: getEnvelopeProfile(scenario.profile).discovery.decode,
      adminSkillsRoot: null,
    });
    // An error stops the scenario: say which scenario and turn it came from.
    diagnostics.push(
      ...r.diagnostics.map((d) => ({
        ...d,
        ...(d.severity === "error" ? { message: `${scenario.file} turn ${i + 1}: ${d.message}` } : {}),
        data: { ...(d.data ?? {}), turn: i + 1 },
      })),
    );
    if (!r.value) return { value: undefined, diagnostics };
    contexts.push(applyScenarioSettings(r.value, s));
  }
  return { value: contexts, diagnostics };
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
