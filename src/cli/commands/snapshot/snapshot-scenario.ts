// One scenario of `promptc snapshot`: compile it, write or compare its snapshot files in placeholder space
// (machine paths as `<rootDir>`, …), and explain each differing turn layer by layer. Does IO (CLI edge).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Host } from "../../../host/host.js";
import { checkWritablePath, removeFileNoFollow, writeFileNoFollow } from "../../../host/write-no-follow.js";
import type { Diagnostic } from "../../../model/diagnostic.js";
import { buildPathRoots, mapJsonStrings, restorePaths, type PathRoot } from "../../../model/portable-paths.js";
import { compileScenarioFile, isBodyScenario } from "../../../scenario/compile-scenario-file.js";
import { explainSnapshotChange, type TurnChangeExplanation } from "../../../scenario/explain-snapshot-change.js";
import { scenarioHost } from "../../../scenario/load-scenario.js";
import { maskLayoutCounts } from "../../../scenario/render-scenario-layout.js";
import { buildScenarioSnapshot, type InvariantFinding } from "../../../scenario/scenario-snapshot.js";
import { envelopeTurnLayers, wireTurnLayers } from "../../../scenario/scenario-turn-layers.js";
import type { CountTokens } from "../../../tokens/count.js";
import { cacheNote } from "../../format/cache-note.js";

export const SCENARIO_FILE = /\.(ya?ml|json)$/i;
const TURN_FILE = /^turn-(\d+)\.request\.json$/;

type FileStatus = "same" | "written" | "updated" | "differs" | "missing" | "stale" | "removed" | "unwritable";
export type ScenarioStatus = "ok" | "written" | "updated" | "differs" | "broken" | "error";

export interface SnapshotFileReport {
  name: string;
  status: FileStatus;
  /** The stored text and the new one, both in placeholder space (a differing file). */
  expected?: string;
  actual?: string;
  /** A differing turn file: which layers changed and whether the cache prefix still holds. */
  explanation?: TurnChangeExplanation;
  error?: string;
}

export interface ScenarioReport {
  name: string;
  file: string;
  status: ScenarioStatus;
  turns: number;
  files: SnapshotFileReport[];
  findings: InvariantFinding[];
  cache?: {
    inputTokens: number;
    cachedTokens: number;
    hitRatio: number /** Why nothing was cached, when nothing was. */;
    note?: string;
  };
  diagnostics: Diagnostic[];
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** Runs a file-system write; the error's message when it fails (a snapshot folder that is a file, no permission). */
function tryWrite(write: () => void): string | undefined {
  try {
    write();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Equal as snapshots: the same text, or for layout.txt the same but for its token counts (real bytes). */
function sameSnapshot(file: string, old: string, text: string): boolean {
  return old === text || (file === "layout.txt" && maskLayoutCounts(old) === maskLayoutCounts(text));
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The snapshot folder, and each folder above it (below `base`) that holds nothing else, since those were made
 * only to hold it; each as given and as its realpath.
 */
function snapshotFolders(host: Host, outRoot: string, base: string): string[] {
  const folders = [outRoot];
  for (let dir = outRoot; dirname(dir) !== dir && dirname(dir).startsWith(`${base}/`); dir = dirname(dir)) {
    const entries = host.readDir(dirname(dir));
    if (!entries.ok || entries.value.length !== 1) break;
    folders.push(dirname(dir));
  }
  return folders.flatMap((f) => {
    const real = host.realpath(f);
    return real.ok && real.value !== f ? [f, real.value] : [f];
  });
}

/** A source file's text as the scenario reads it (its virtual files, else the disk), when it is small and UTF-8. */
function sourceText(host: Host, path: string): { text?: string } {
  const read = host.readBytes(path, { maxBytes: SOURCE_TEXT_MAX_BYTES + 1 });
  if (!read.ok || read.value.size > SOURCE_TEXT_MAX_BYTES) return {};
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(read.value.bytes) };
  } catch {
    return {};
  }
}

/** Larger sources are not matched by content (a change in them is named with the layer's other files). */
const SOURCE_TEXT_MAX_BYTES = 256 * 1024;

export interface SnapshotScenarioOptions {
  outRoot: string;
  /** The folder the snapshot root was named from: no link below it is followed, only regular files are replaced. */
  base: string;
  write: boolean;
  update: boolean;
  countTokens: CountTokens;
  calibration: boolean;
  /** This machine's paths; a scenario on virtual `files` is written as it is. */
  roots: readonly PathRoot[];
}

export function snapshotScenario(host: Host, path: string, o: SnapshotScenarioOptions): ScenarioReport {
  // A harness that lists the project's files (Gemini CLI's folder tree) must not see the snapshots or scenarios:
  // the first run writes them, and every later run would list them.
  const r = compileScenarioFile(host, path, {
    ...(o.calibration ? {} : { calibration: false }),
    hidden: [...snapshotFolders(host, o.outRoot, o.base), dirname(path)],
  });
  const name = r.scenario?.name ?? path.split("/").pop()!.replace(SCENARIO_FILE, "");
  const report: ScenarioReport = {
    name,
    file: path,
    status: "ok",
    turns: 0,
    files: [],
    findings: [],
    diagnostics: r.diagnostics,
  };
  if (!r.scenario || !r.compiled || r.diagnostics.some((d) => d.severity === "error"))
    return { ...report, status: "error" };
  const compiled = r.compiled;
  const projectFolders = isBodyScenario(compiled) ? compiled.turns.flatMap((t) => t.projectFolders) : [];
  const roots = r.scenario.files ? [] : [...buildPathRoots({ projectDir: projectFolders }), ...o.roots];
  const turns = compiled.turns;
  const snap = buildScenarioSnapshot(r.scenario, turns, { countTokens: o.countTokens, roots });
  report.turns = turns.length;
  report.findings = snap.findings;
  const note = cacheNote(snap.cache, snap.cacheModel);
  report.cache = {
    inputTokens: snap.cache.inputTokens,
    cachedTokens: snap.cache.cachedTokens,
    hitRatio: snap.cache.hitRatio,
    ...(note !== undefined ? { note } : {}),
  };
  /** Why turn file `file` differs, on this machine's real bytes (the stored paths put back). */
  const explain = (file: string, old: string): TurnChangeExplanation | undefined => {
    const n = Number(TURN_FILE.exec(file)?.[1]);
    const turn = turns[n - 1];
    const stored = parsed(old);
    const before = stored === undefined ? undefined : mapJsonStrings(stored, (t) => restorePaths(t, roots));
    if (turn === undefined || before === undefined) return undefined;
    const layers = isBodyScenario(compiled)
      ? // A resumed request carries the first turn's context as history: earlier turns name its layers.
        wireTurnLayers(
          compiled.turns.slice(0, n).flatMap((t) => t.harness.layers),
          roots,
        )
      : envelopeTurnLayers(
          compiled.turns.slice(0, n).map((t) => t.manifest),
          compiled.turns[n - 1]!.request,
          roots,
        );
    const withTexts = layers.map((l) => ({
      ...l,
      sources: l.sources.map((src) => ({ ...src, ...sourceText(sourceHost, src.path) })),
    }));
    return explainSnapshotChange(
      before,
      { body: JSON.parse(turn.bytes), layers: withTexts },
      o.countTokens,
      snap.cacheModel,
    );
  };
  const sourceHost = scenarioHost(r.scenario, host);
  const dir = join(o.outRoot, name);
  let existing: string[] = [];
  try {
    existing = readdirSync(dir);
  } catch {
    existing = [];
  }
  for (const [file, text] of Object.entries(snap.files)) {
    const target = join(dir, file);
    const unsafe = tryWrite(() => checkWritablePath(target, o.base));
    if (unsafe !== undefined) {
      report.files.push({ name: file, status: "unwritable", error: unsafe });
      continue;
    }
    const old = readText(target);
    if (old !== undefined && sameSnapshot(file, old, text)) {
      report.files.push({ name: file, status: "same" });
    } else if (old === undefined ? o.write : o.write && o.update) {
      const error = tryWrite(() => writeFileNoFollow(target, text, o.base, { makeFolders: true }));
      report.files.push(
        error
          ? { name: file, status: "unwritable", error }
          : { name: file, status: old === undefined ? "written" : "updated" },
      );
    } else if (old === undefined) {
      report.files.push({ name: file, status: "missing" });
    } else {
      const explanation = explain(file, old);
      report.files.push({
        name: file,
        status: "differs",
        expected: old,
        actual: text,
        ...(explanation !== undefined ? { explanation } : {}),
      });
    }
  }
  for (const file of existing.filter((f) => TURN_FILE.test(f) && !(f in snap.files)).sort()) {
    const unsafe = tryWrite(() => checkWritablePath(join(dir, file), o.base));
    if (unsafe !== undefined) {
      report.files.push({ name: file, status: "unwritable", error: unsafe });
    } else if (o.write && o.update) {
      const error = tryWrite(() => removeFileNoFollow(join(dir, file), o.base));
      report.files.push(error ? { name: file, status: "unwritable", error } : { name: file, status: "removed" });
    } else {
      report.files.push({ name: file, status: "stale" });
    }
  }
  const statuses = new Set(report.files.map((f) => f.status));
  if (statuses.has("unwritable")) report.status = "error";
  else if (snap.findings.length) report.status = "broken";
  else if (statuses.has("differs") || statuses.has("missing") || statuses.has("stale")) report.status = "differs";
  else if (statuses.has("updated") || statuses.has("removed")) report.status = "updated";
  else if (statuses.has("written")) report.status = "written";
  return report;
}
