// `promptc snapshot [scenario…] [--update]`: compile every scenario, compare with snapshots/<scenario>/
// (turn-N.request.json, layout.txt) and check the prefix invariant. Does IO (CLI edge).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import type { Host } from "../../host/host.js";
import { createNodeHost } from "../../host/node-host.js";
import { checkWritablePath, removeFileNoFollow, writeFileNoFollow } from "../../host/write-no-follow.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { DEFAULT_SCENARIO_DIR, DEFAULT_SNAPSHOT_DIR, loadSnapshotFolders } from "../../scenario/load-scenario.js";
import { compileScenarioFile } from "../../scenario/compile-scenario-file.js";
import { buildScenarioSnapshot, type InvariantFinding } from "../../scenario/scenario-snapshot.js";
import { cacheNote } from "../format/cache-note.js";
import { cannotRead } from "../../model/file-error.js";
import { formatDiagnostic } from "../format/format-diagnostic.js";
import { colorFor, createStyle } from "../format/style.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, tokenCounterOf, writeExact, type CliIO } from "../io.js";
import type { CountTokens } from "../../tokens/count.js";
import type { RegisterCommand } from "./register-command.js";

const SCENARIO_FILE = /\.(ya?ml|json)$/i;
const TURN_FILE = /^turn-\d+\.request\.json$/;

/** The CI convention: any non-empty value except "0"/"false" means "never write snapshots". */
export function isCI(env: { [key: string]: string | undefined }): boolean {
  const v = env.CI;
  return v !== undefined && v !== "" && v !== "0" && v.toLowerCase() !== "false";
}

type FileStatus = "same" | "written" | "updated" | "differs" | "missing" | "stale" | "removed" | "unwritable";
type ScenarioStatus = "ok" | "written" | "updated" | "differs" | "broken" | "error";

interface ScenarioReport {
  name: string;
  file: string;
  status: ScenarioStatus;
  turns: number;
  files: {
    name: string;
    status: FileStatus;
    firstDifference?: { line: number; expected: string; actual: string };
    error?: string;
  }[];
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

function firstDifference(expected: string, actual: string): { line: number; expected: string; actual: string } {
  const a = expected.split("\n");
  const b = actual.split("\n");
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const cut = (s: string | undefined) =>
    s === undefined ? "(end of file)" : s.length > 160 ? `${s.slice(0, 160)}…` : s;
  return { line: i + 1, expected: cut(a[i]), actual: cut(b[i]) };
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

function listScenarios(dir: string): string[] | { error: unknown } {
  try {
    return readdirSync(dir)
      .filter((f) => SCENARIO_FILE.test(f))
      .sort()
      .map((f) => join(dir, f));
  } catch (error) {
    return { error };
  }
}

function resolveScenarioArg(arg: string, dir: string, cwd: string): string {
  const direct = resolve(cwd, arg);
  try {
    if (statSync(direct).isFile()) return direct;
  } catch {
    // not a path: try it as a scenario name in the folder
  }
  for (const ext of [".yaml", ".yml", ".json"]) {
    const candidate = join(dir, `${arg}${ext}`);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // next extension
    }
  }
  return direct;
}

interface SnapshotOptions {
  update?: boolean;
  dir?: string;
  out?: string;
  json?: boolean;
  color?: boolean;
  /** `--no-calibration`: the profile's stand-in prose even when a calibration is cached. */
  calibration?: boolean;
}

/**
 * `base` is the folder the snapshot root was named from (the working directory for --out, the project for the
 * config and the default): no link below it is followed, and only regular files are replaced or removed.
 */
function snapshotOne(
  host: Host,
  path: string,
  outRoot: string,
  base: string,
  write: boolean,
  update: boolean,
  countTokens: CountTokens,
  calibration = true,
): ScenarioReport {
  const r = compileScenarioFile(host, path, {
    ...(calibration ? {} : { calibration: false }),
    hidden: [outRoot, dirname(path)],
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
  const snap = buildScenarioSnapshot(r.scenario, r.compiled.turns, { countTokens });
  report.turns = r.compiled.turns.length;
  report.findings = snap.findings;
  const note = cacheNote(snap.cache, snap.cacheModel);
  report.cache = {
    inputTokens: snap.cache.inputTokens,
    cachedTokens: snap.cache.cachedTokens,
    hitRatio: snap.cache.hitRatio,
    ...(note !== undefined ? { note } : {}),
  };
  const dir = join(outRoot, name);
  let existing: string[] = [];
  try {
    existing = readdirSync(dir);
  } catch {
    existing = [];
  }
  for (const [file, text] of Object.entries(snap.files)) {
    const target = join(dir, file);
    const unsafe = tryWrite(() => checkWritablePath(target, base));
    if (unsafe !== undefined) {
      report.files.push({ name: file, status: "unwritable", error: unsafe });
      continue;
    }
    const old = readText(target);
    if (old === text) {
      report.files.push({ name: file, status: "same" });
    } else if (old === undefined ? write : write && update) {
      const error = tryWrite(() => writeFileNoFollow(target, text, base, { makeFolders: true }));
      report.files.push(
        error
          ? { name: file, status: "unwritable", error }
          : { name: file, status: old === undefined ? "written" : "updated" },
      );
    } else if (old === undefined) {
      report.files.push({ name: file, status: "missing" });
    } else {
      report.files.push({ name: file, status: "differs", firstDifference: firstDifference(old, text) });
    }
  }
  for (const file of existing.filter((f) => TURN_FILE.test(f) && !(f in snap.files)).sort()) {
    const unsafe = tryWrite(() => checkWritablePath(join(dir, file), base));
    if (unsafe !== undefined) {
      report.files.push({ name: file, status: "unwritable", error: unsafe });
    } else if (write && update) {
      const error = tryWrite(() => removeFileNoFollow(join(dir, file), base));
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

export const registerSnapshot: RegisterCommand = (program: Command, io: CliIO, setExitCode) => {
  program
    .command("snapshot")
    .description(
      "compile scenarios and compare each request with snapshots/<scenario>/; check the cache-prefix invariant",
    )
    .argument("[scenario...]", "scenario files or names (default: every scenario in --dir)")
    .option("-u, --update", "rewrite snapshots that differ (never when CI is set)")
    .option(
      "--dir <dir>",
      `folder of scenario files (default: promptc.yaml snapshot.scenarios, else ${DEFAULT_SCENARIO_DIR})`,
    )
    .option("-o, --out <dir>", `snapshot folder (default: promptc.yaml snapshot.out, else ${DEFAULT_SNAPSHOT_DIR})`)
    .option("--json", "print a JSON report")
    .option(
      "--no-calibration",
      "codex profile: the stand-in prose even when `promptc calibrate --agent codex` has cached the installed Codex's",
    )
    .option("--color", "force colours (default: on a terminal, unless NO_COLOR)")
    .option("--no-color", "no colours")
    .action((args: string[], options: SnapshotOptions) => {
      const style = createStyle(!options.json && colorFor(io, options.color));
      const host = createNodeHost({ cwd: io.cwd, env: io.env });
      const configured = loadSnapshotFolders(host, io.cwd);
      if (!configured.value) {
        for (const d of configured.diagnostics) io.stderr(`promptc snapshot: ${d.message}\n`);
        return setExitCode(EXIT_USAGE);
      }
      // Flags are relative to the working directory; config and defaults to the project (the config's folder).
      const root = configured.value.file !== undefined ? dirname(configured.value.file) : io.cwd;
      const dir =
        options.dir !== undefined
          ? resolve(io.cwd, options.dir)
          : (configured.value.scenarios ?? resolve(root, DEFAULT_SCENARIO_DIR));
      const out =
        options.out !== undefined
          ? resolve(io.cwd, options.out)
          : (configured.value.out ?? resolve(root, DEFAULT_SNAPSHOT_DIR));
      const ci = isCI(io.env);
      if (ci && options.update) {
        io.stderr("promptc snapshot: --update is refused when CI is set (snapshots are only compared in CI)\n");
        return setExitCode(EXIT_USAGE);
      }
      const files = args.length ? args.map((a) => resolveScenarioArg(a, dir, io.cwd)) : listScenarios(dir);
      if (!Array.isArray(files)) {
        // A project without scenarios meets the default folder first: say where the folder can come from.
        const hint =
          options.dir === undefined && configured.value.scenarios === undefined
            ? " (the default scenario folder; pass --dir or set snapshot.scenarios in promptc.yaml)"
            : "";
        io.stderr(`promptc snapshot: ${cannotRead(dir, files.error)}${hint}\n`);
        return setExitCode(EXIT_USAGE);
      }
      if (files.length === 0) {
        io.stderr(`promptc snapshot: no scenarios (*.yaml, *.yml, *.json) in ${dir}\n`);
        return setExitCode(EXIT_USAGE);
      }
      const base = options.out !== undefined ? io.cwd : root;
      const counter = tokenCounterOf(io);
      const reports = files.map((f) =>
        snapshotOne(host, f, out, base, !ci, options.update === true, counter.count, options.calibration !== false),
      );
      const exit = reports.some((r) => r.status === "error")
        ? EXIT_USAGE
        : reports.some((r) => r.status === "differs" || r.status === "broken")
          ? EXIT_FINDINGS
          : EXIT_OK;
      // Exit 2 always comes with its reason on stderr (the report itself goes to stdout).
      const failed = reports.filter((r) => r.status === "error").map((r) => r.name);
      if (failed.length > 0)
        io.stderr(`promptc snapshot: ${failed.join(", ")}: not compiled or not written (see the report)\n`);
      if (options.json) {
        writeExact(
          io,
          `${JSON.stringify({ ci, update: options.update === true, exitCode: exit, scenarios: reports }, null, 2)}\n`,
        );
        return setExitCode(exit);
      }
      for (const r of reports) {
        const mark =
          r.status === "ok" || r.status === "written" || r.status === "updated" ? style.green("✓") : style.red("✗");
        const cache = r.cache
          ? `, cache ${(r.cache.hitRatio * 100).toFixed(1)}%${r.cache.note !== undefined ? ` (${r.cache.note})` : ""}`
          : "";
        const note =
          r.status === "written" ? " (new snapshots written)" : r.status === "updated" ? " (snapshots updated)" : "";
        io.stdout(`${mark} ${style.bold(r.name)}  ${r.turns} turn(s)${cache}${note}\n`);
        for (const d of r.diagnostics.filter((x) => r.status === "error" || x.severity !== "info"))
          io.stdout(`${formatDiagnostic(d, style, io.cwd)}\n`);
        for (const f of r.findings) io.stdout(`    ${style.red(f.rule)} ${f.message}\n`);
        for (const f of r.files) {
          if (f.status === "differs" && f.firstDifference) {
            io.stdout(
              `    ${f.name} differs at line ${f.firstDifference.line}\n      ${style.red(`- ${f.firstDifference.expected}`)}\n      ${style.green(`+ ${f.firstDifference.actual}`)}\n`,
            );
          } else if (f.status === "missing" || f.status === "stale") {
            io.stdout(`    ${f.name} ${f.status}\n`);
          } else if (f.status === "unwritable") {
            io.stdout(`    ${style.red(`${f.name} cannot be written: ${f.error ?? "unknown error"}`)}\n`);
          }
        }
      }
      const count = (s: ScenarioStatus[]) => reports.filter((r) => s.includes(r.status)).length;
      const bad = count(["differs", "broken", "error"]);
      const hint = count(["differs"]) && !ci ? " — run with --update to accept the new output" : "";
      io.stdout(
        `${reports.length} scenario(s): ${reports.length - bad} ok, ${count(["differs"])} differing, ${count(["broken"])} with a broken prefix, ${count(["error"])} failed to compile${hint}\n`,
      );
      setExitCode(exit);
    });
};
