// A harness profile's calibrated prose from promptc's calibration cache: only an entry of the agent version the
// profile reproduces counts; others, and corrupt entries, are diagnostics. IO through the Host only.
import { loadCalibration, type CalibrationParser, type LoadedCalibration } from "../host/calibration-store.js";
import type { Host } from "../host/host.js";
import type { AgentInstallRecord, BundledSkill } from "../model/agent-install.js";
import { diagnostic, type Result } from "../model/diagnostic.js";
import { isJsonObject } from "../model/json-value.js";

export function loadHarnessCalibration(
  host: Host,
  profile: { id: string; targetVersion?: string },
): Result<LoadedCalibration<StoredHarnessCalibration> | undefined> {
  return loadCalibration(
    host,
    profile.id,
    harnessCalibrationParser(profile.id),
    profile.targetVersion !== undefined ? { version: profile.targetVersion, exactVersion: true } : {},
  );
}

/** A harness calibration as kept in the cache (`calibration/<agent>/<version>.json`). */
export interface StoredHarnessCalibration {
  profile: string;
  agentVersion: string;
  /** Where it came from: the capture file or `ran <binary>`. */
  source: string;
  prose: unknown;
  /** The agent calibration ran (`--bin`, else the one on PATH then). */
  install?: AgentInstallRecord;
  /** The skills that agent lists of its own, as it listed them. */
  bundledSkills?: BundledSkill[];
}

const isString = (v: unknown): v is string => typeof v === "string";

function installOf(v: unknown): AgentInstallRecord | undefined {
  if (!isJsonObject(v) || !isString(v.bin)) return undefined;
  return isString(v.packageDir) ? { bin: v.bin, packageDir: v.packageDir } : { bin: v.bin };
}

function bundledSkillsOf(v: unknown): BundledSkill[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const skills = v.filter(
    (s): s is BundledSkill => isJsonObject(s) && isString(s.name) && isString(s.description) && isString(s.path),
  );
  return skills.map((s) => ({ name: s.name, description: s.description, path: s.path }));
}

/** The cache entry parser for one harness profile: the entry must be that profile's, with prose. */
export function harnessCalibrationParser(profile: string): CalibrationParser<StoredHarnessCalibration> {
  return (text, file) => {
    const corrupt = (why: string) => ({
      value: undefined,
      diagnostics: [
        diagnostic(
          "calibration/corrupt",
          "warning",
          `${file}: ${why}; not used (run \`promptc calibrate --agent ${profile}\` again)`,
          { file },
        ),
      ],
    });
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return corrupt("not valid JSON");
    }
    if (!isJsonObject(data)) return corrupt("not a calibration object");
    const { agentVersion, prose, source } = data;
    if (data.profile !== profile || typeof agentVersion !== "string") return corrupt(`not a ${profile} calibration`);
    if (!isJsonObject(prose)) return corrupt("no prose");
    const value: StoredHarnessCalibration = { profile, agentVersion, source: isString(source) ? source : "", prose };
    const install = installOf(data.install);
    if (install !== undefined) value.install = install;
    const bundledSkills = bundledSkillsOf(data.bundledSkills);
    if (bundledSkills !== undefined) value.bundledSkills = bundledSkills;
    return { value: { version: agentVersion, value }, diagnostics: [] };
  };
}
