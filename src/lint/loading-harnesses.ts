// Which harnesses load a lint target. For the harnesses promptc models, the answer is the shared discovery's
// (LintFacts.harnessLaunches: what each one loads or leaves out when started in each folder, the facts preview
// and `promptc agents` show). Kept here, as paths, is only what that discovery cannot answer: which folders hold
// samples and fixtures (nothing tells where a person starts an agent), and the rule files of agents promptc has
// no discovery for (Cursor, Cline, Roo Code, Continue, Windsurf). Pure.
import type { LintFile } from "./lint-file.js";
import type { HarnessLaunch, HarnessLaunchDrop, LintFacts } from "./lint-project.js";
import type { LintTarget } from "./lint-target.js";

/**
 * A harness that loads the file: a discovery id (codex, claude-code, gemini-cli, pi, copilot), "cursor" or
 * "other" for agents without discovery, "distributed" for a skill no harness finds in this project (a skills
 * collection or a package's skills/, installed elsewhere: its instructions address the user's project).
 */
export type Loader = string;

/**
 * Folders whose agent files are inputs or samples: nobody starts a harness in them. A set of folder names, not
 * one case-insensitive regex: compiling that alternation cost more than the whole check (these names lower-case
 * only from ASCII letters, so toLowerCase matches as the regex's `i` did).
 */
const SAMPLE_DIR_NAMES = new Set([
  "fixture",
  "fixtures",
  "__fixtures__",
  "testdata",
  "test-data",
  "__tests__",
  "example",
  "examples",
  "sample",
  "samples",
  "e2e",
  "snapshot",
  "snapshots",
  "__snapshots__",
]);

/** Files of agents promptc has no discovery for, by the agent family that reads them. */
const WITHOUT_DISCOVERY: readonly { re: RegExp; loader: Loader; onDemand?: boolean }[] = [
  { re: /(^|\/)\.cursor\/commands\//, loader: "cursor", onDemand: true },
  { re: /(^|\/)\.(cursor|agents)\/rules\//, loader: "cursor" },
  { re: /(^|\/)\.cursorrules$/, loader: "cursor" },
  // Copilot's path-scoped instructions its discovery does not find named (they load by their applyTo glob).
  { re: /(^|\/)\.github\/instructions\//, loader: "copilot", onDemand: true },
  { re: /(^|\/)\.(clinerules|windsurfrules)$/, loader: "other" },
  { re: /(^|\/)\.(cline|clinerules|roo|continue|windsurf|kiro|opencode)\//, loader: "other" },
  { re: /(^|\/)\.cursor\/skills\//, loader: "other" },
];

/**
 * The lint target (`--target`, a rule's `targets`) that names each loader: a discovery harness by its profile
 * id, except Gemini CLI, whose target has always been `gemini`; pi has no target.
 */
const TARGET_OF_LOADER: readonly (readonly [Loader, LintTarget])[] = [
  ["codex", "codex"],
  ["claude-code", "claude-code"],
  ["gemini-cli", "gemini"],
  ["copilot", "copilot"],
  ["cursor", "cursor"],
];

export function lintTargetOf(loader: Loader): LintTarget | undefined {
  return TARGET_OF_LOADER.find(([l]) => l === loader)?.[1];
}

/** True for a project-relative folder ("" = root) inside samples, fixtures or test data. */
export function isSampleFolder(dir: string): boolean {
  return dir !== "" && dir.split("/").some((name) => SAMPLE_DIR_NAMES.has(name.toLowerCase()));
}

/** The parts of a lint file that say where it is (`status.realPath`: the real file behind a symlink). */
export type LoadedTarget = Pick<LintFile, "path" | "kind" | "status">;

/** What the launches say about one path: who loads it, who only sees it, and the drops it owns. */
export interface FileLoads {
  loaded: Loader[];
  /** Those of `loaded` that send it at every session start. */
  atStart: Loader[];
  seen: Loader[];
  /** Drops of this file or of an import it makes, with the launch that showed each (launch, then harness order). */
  drops: { launch: HarnessLaunch; drop: HarnessLaunchDrop }[];
}

/**
 * Path → the harnesses that load it, those that only see it and leave it out, in launch then discovery order,
 * and the drops it owns. A dropped import is its importer's: it does not count for the path it names.
 */
export function indexHarnessLaunches(launches: ReadonlyMap<string, readonly HarnessLaunch[]>): Map<string, FileLoads> {
  const index = new Map<string, FileLoads>();
  const at = (path: string): FileLoads => {
    let entry = index.get(path);
    if (entry === undefined) index.set(path, (entry = { loaded: [], atStart: [], seen: [], drops: [] }));
    return entry;
  };
  const add = (list: Loader[], harness: string): void => {
    if (!list.includes(harness)) list.push(harness);
  };
  for (const list of launches.values())
    for (const l of list) {
      for (const f of l.files) {
        add(at(f.path).loaded, l.harness);
        if (!f.onDemand) add(at(f.path).atStart, l.harness);
      }
      for (const d of l.dropped) {
        if (d.importedFrom === undefined) add(at(d.path).seen, l.harness);
        at(d.importedFrom ?? d.path).drops.push({ launch: l, drop: d });
      }
    }
  return index;
}

/**
 * Harnesses that load `file` when started somewhere in the project, in discovery order (when none loads it,
 * those that see it and leave it out: a budget-dropped AGENTS.md is still Codex's); [] = none: a sample, a
 * fixture, test data, a file no harness reads.
 */
export function loadingHarnesses(file: LoadedTarget, facts: LintFacts): readonly Loader[] {
  const byPath = facts.harnessesByFile;
  const found = byPath?.get(file.path);
  if (found !== undefined && found.loaded.length > 0) return found.loaded;
  if (found !== undefined && found.seen.length > 0) return found.seen;
  const dir = file.path.includes("/") ? file.path.slice(0, file.path.lastIndexOf("/")) : "";
  if (isSampleFolder(dir)) return [];
  const other = WITHOUT_DISCOVERY.find((w) => w.re.test(file.path));
  if (other !== undefined) return [other.loader];
  return file.kind === "skill" ? ["distributed"] : [];
}

/** Instructions about this workspace (its scripts, paths, package manager), as opposed to a sample or a skill for any project. */
export function addressesWorkspace(file: LoadedTarget, facts: LintFacts): boolean {
  const loaders = loadingHarnesses(file, facts);
  return loaders.length > 0 && !loaders.includes("distributed");
}

/** Loaded at every session start (not on demand like a Cursor command or a Copilot path-scoped instruction). */
export function isAlwaysLoaded(file: LoadedTarget, facts: LintFacts): boolean {
  const found = facts.harnessesByFile?.get(file.path);
  if (found !== undefined && found.loaded.length > 0) return found.atStart.length > 0;
  const loaders = loadingHarnesses(file, facts);
  if (loaders.length === 0 || loaders.includes("distributed")) return false;
  return !WITHOUT_DISCOVERY.some((w) => w.onDemand && w.re.test(file.path));
}
