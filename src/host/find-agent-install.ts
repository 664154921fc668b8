// Finds an installed agent CLI on PATH: its executable, the npm package folder it belongs to and its version
// (from that package.json, else from `--version`). Does IO (fs, and a child process for `--version`).
import { execFileSync } from "node:child_process";
import { accessSync, constants, existsSync, readFileSync, realpathSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import type { AgentInstallRecord, AgentInstallSource } from "../model/agent-install.js";

export interface AgentInstall {
  bin: string;
  /** The npm package folder (with package.json named `packageName`), when the executable lives in one. */
  packageDir?: string;
  version?: string;
}

function packageDirOf(bin: string, packageName: string): { dir: string; version?: string } | undefined {
  let dir = dirname(bin);
  for (;;) {
    // Most folders on the way up have none: existsSync says so without the error readFileSync would throw.
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
        if (pkg.name === packageName) return typeof pkg.version === "string" ? { dir, version: pkg.version } : { dir };
      } catch {
        // not a package root
      }
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** `2.1.332 (Claude Code)` → `2.1.332`: the first version-looking word of `--version`'s output (stdout or stderr). */
export function versionFromOutput(text: string): string | undefined {
  return /\b(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?)\b/.exec(text)?.[1];
}

function runVersion(bin: string): string | undefined {
  try {
    const out = execFileSync(bin, ["--version"], {
      encoding: "utf8",
      timeout: 30_000,
      stdio: ["ignore", "pipe", "pipe"],
    });
    return versionFromOutput(out);
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return versionFromOutput(`${e.stdout ?? ""}${e.stderr ?? ""}`);
  }
}

export function findAgentInstall(
  executables: readonly string[],
  packageName: string | undefined,
  env: { [key: string]: string | undefined },
  explicitBin?: string,
): AgentInstall | undefined {
  const candidates =
    explicitBin !== undefined
      ? [explicitBin]
      : // A folder PATH names twice answers the same the second time: each is looked in once.
        [...new Set((env.PATH ?? "").split(delimiter).filter((d) => d !== ""))].flatMap((d) =>
          executables.map((e) => join(d, e)),
        );
  for (const candidate of candidates) {
    // Most candidates are missing: existsSync says so without the error accessSync throws (whose stack is
    // the cost of an `agents` run's ~70 lookups); what exists still gets the executable check.
    if (!existsSync(candidate)) continue;
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    // One realpath(3) call instead of an lstat per path component (same answer for an existing file).
    const real = realpathSync.native(candidate);
    const pkg = packageName !== undefined ? packageDirOf(real, packageName) : undefined;
    const install: AgentInstall = { bin: candidate };
    if (pkg) install.packageDir = pkg.dir;
    const version = pkg?.version ?? runVersion(candidate);
    if (version !== undefined) install.version = version;
    return install;
  }
  return undefined;
}

/**
 * The install a turn shows: the one `promptc calibrate` ran (`recorded`, while its package folder is there), else
 * the agent on PATH (its npm bin followed through symlinks to the package), else undefined.
 */
export function resolveAgentInstall(
  recorded: AgentInstallRecord | undefined,
  agent: { executables: readonly string[]; packageName?: string },
  env: { [key: string]: string | undefined },
): AgentInstallSource | undefined {
  if (recorded?.packageDir !== undefined && existsSync(join(recorded.packageDir, "package.json")))
    return { packageDir: recorded.packageDir, bin: recorded.bin, from: "calibration" };
  if (agent.packageName === undefined) return undefined;
  const onPath = findAgentInstall(
    agent.executables.filter((e) => !e.endsWith(".js")),
    agent.packageName,
    env,
  );
  return onPath?.packageDir !== undefined
    ? { packageDir: onPath.packageDir, bin: onPath.bin, from: "path" }
    : undefined;
}
