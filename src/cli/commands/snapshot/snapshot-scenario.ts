// One scenario of `promptc snapshot`: compile it, write or compare its snapshot files in placeholder space
// (machine paths as `<rootDir>`, …), and explain each differing turn layer by layer. Does IO (CLI edge).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Host } from "../../../host/host.js";
import { checkWritablePath, removeFileNoFollow, writeFileNoFollow } from "../../../host/write-no-follow.js";
import type { Diagnostic } from "../../../model/diagnostic.js";
import { restorePaths, type PathRoot } from "../../../model/portable-paths.js";
import { compileScenarioFile } from "../../../scenario/compile-scenario-file.js";
import { explainSnapshotChange, type TurnChangeExplanation } from "../../../scenario/explain-snapshot-change.js";
import { maskLayoutCounts } from "../../../scenario/render-scenario-layout.js";
import { buildScenarioSnapshot, type InvariantFinding } from "../../../scenario/scenario-snapshot.js";
import { envelopeTurnLayers } from "../../../scenario/scenario-turn-layers.js";
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
  const r = compileScenarioFile(host, path, o.calibration ? {} : { calibration: false });
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
  const roots = r.scenario.files ? [] : o.roots;
  const turns = r.compiled.turns;
  const snap = buildScenarioSnapshot(r.scenario, turns, { countTokens: o.countTokens, roots });
  report.turns = turns.length;
  report.findings = snap.findings;
  const note = cacheNote(snap.cache);
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
    const before = parsed(restorePaths(old, roots, { json: true }));
    if (turn === undefined || before === undefined) return undefined;
    const manifests = turns.slice(0, n).map((t) => t.manifest);
    const layers = envelopeTurnLayers(manifests, turn.request, roots);
    return explainSnapshotChange(before, { body: JSON.parse(turn.bytes), layers }, o.countTokens);
  };
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
