// Calibrated prose in the user's cache (`$XDG_CACHE_HOME/promptc/calibration/<profile>-<version>.json`): what
// `promptc calibrate --agent X` extracted from the user's own installed agent. Does IO (fs). Never in a project.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeDirectories } from "./make-directories.js";
import { defaultTokenCacheDir } from "./token-cache.js";

export interface StoredCalibration {
  profile: string;
  agentVersion: string;
  /** Where it came from: the capture file or `ran <binary>`. */
  source: string;
  prose: unknown;
}

export function calibrationPath(
  env: Readonly<Record<string, string | undefined>>,
  home: string | undefined,
  profile: string,
  version: string,
): string | undefined {
  const dir = defaultTokenCacheDir(env, home);
  return dir === undefined ? undefined : join(dir, "calibration", `${profile}-${version}.json`);
}

export function readCalibration(path: string): StoredCalibration | undefined {
  try {
    const v = JSON.parse(readFileSync(path, "utf8")) as StoredCalibration | null;
    if (typeof v !== "object" || v === null) return undefined;
    const { profile, agentVersion, prose } = v;
    return typeof profile === "string" &&
      typeof agentVersion === "string" &&
      typeof prose === "object" &&
      prose !== null
      ? v
      : undefined;
  } catch {
    return undefined;
  }
}

export function writeCalibration(path: string, value: StoredCalibration): void {
  makeDirectories(join(path, ".."));
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value) + "\n", { mode: 0o600 });
  renameSync(tmp, path);
}
