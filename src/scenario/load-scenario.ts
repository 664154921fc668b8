// Loading a scenario: read and parse the file, the host it runs on (a virtual filesystem when it declares `files`)
// and the `snapshot:` folders of promptc.yaml. IO through the Host only.
import type { Host } from "../host/host.js";
import { dirnameOf, joinPath } from "../discover/paths.js";
import { createMemoryHost, type MemoryEntry } from "../host/memory-host.js";
import { diagnostic, type Result } from "../model/diagnostic.js";
import { parseScenario, resolveAgainst } from "./parse-scenario.js";
import { VIRTUAL_CODEX_HOME, VIRTUAL_HOME, type Scenario } from "./scenario.js";
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
