// `promptc snapshot [scenario…] [--update]`: compile every scenario, compare with snapshots/<scenario>/
// (turn-N.request.json, layout.txt) and check the prefix invariant. Does IO (CLI edge).
import { readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { discoverMachinePaths } from "../../discover/discover-machine-paths.js";
import { createNodeHost } from "../../host/node-host.js";
import { buildPathRoots } from "../../model/portable-paths.js";
import { DEFAULT_SCENARIO_DIR, DEFAULT_SNAPSHOT_DIR, loadSnapshotFolders } from "../../scenario/load-scenario.js";
import { cannotRead } from "../../model/file-error.js";
import { colorFor, createStyle } from "../format/style.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, tokenCounterOf, writeExact, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";
import { formatScenarioReport } from "./snapshot/format-scenario-report.js";
import { initScenarios } from "./snapshot/init-scenarios.js";
import {
  SCENARIO_FILE,
  snapshotScenario,
  type ScenarioReport,
  type ScenarioStatus,
} from "./snapshot/snapshot-scenario.js";

/** The CI convention: any non-empty value except "0"/"false" means "never write snapshots". */
export function isCI(env: { [key: string]: string | undefined }): boolean {
  const v = env.CI;
  return v !== undefined && v !== "" && v !== "0" && v.toLowerCase() !== "false";
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
  init?: boolean;
  dir?: string;
  out?: string;
  json?: boolean;
  color?: boolean;
  /** `--no-calibration`: the profile's stand-in prose even when a calibration is cached. */
  calibration?: boolean;
}

/** The --json form of a report: what changed per turn file, not the whole texts. */
function jsonReport(r: ScenarioReport) {
  return {
    ...r,
    files: r.files.map(({ expected: _e, actual: _a, explanation, ...f }) =>
      explanation === undefined
        ? f
        : {
            ...f,
            changes: explanation.changes,
            cachePrefix: {
              holds: explanation.prefix.extendsPrefix,
              commonTokens: explanation.prefix.commonTokens,
              snapshotTokens: explanation.prefix.tokensA,
              breaks: explanation.prefixBreaks,
            },
          },
    ),
  };
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
    .option(
      "--init",
      "write a starter scenario per harness that loads a file of this repository (never over an existing one)",
    )
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
      if (options.init) {
        if (args.length > 0 || options.update) {
          io.stderr("promptc snapshot: --init takes no scenario names and no --update\n");
          return setExitCode(EXIT_USAGE);
        }
        return setExitCode(initScenarios(host, io, { root, dir }));
      }
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
      const roots = buildPathRoots(discoverMachinePaths(host, root));
      const reports = files.map((f) =>
        snapshotScenario(host, f, {
          outRoot: out,
          base,
          write: !ci,
          update: options.update === true,
          countTokens: counter.count,
          calibration: options.calibration !== false,
          roots,
        }),
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
          `${JSON.stringify({ ci, update: options.update === true, exitCode: exit, scenarios: reports.map(jsonReport) }, null, 2)}\n`,
        );
        return setExitCode(exit);
      }
      for (const r of reports) io.stdout(formatScenarioReport(r, style, io.cwd));
      const count = (s: ScenarioStatus[]) => reports.filter((r) => s.includes(r.status)).length;
      const bad = count(["differs", "broken", "error"]);
      const hint = count(["differs"]) && !ci ? " (--update accepts the new output)" : "";
      io.stdout(
        `${reports.length} scenario(s): ${reports.length - bad} ok, ${count(["differs"])} differing, ${count(["broken"])} broken prefix, ${count(["error"])} not compiled${hint}\n`,
      );
      setExitCode(exit);
    });
};
