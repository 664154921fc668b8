// Which calibration cache entry a profile's turns would use, for reports (`promptc agents`): the Codex entry of
// the wanted version (else the newest), a harness's entry of the version its profile reproduces. IO through the
// Host only.
import type { Host } from "../host/host.js";
import type { Result } from "../model/diagnostic.js";
import { findProfile, hasEnvelopeLayout } from "../profiles/index.js";
import { CODEX_AGENT } from "./codex/codex-calibration.js";
import { loadCodexCalibration } from "./codex/load-codex-calibration.js";
import { loadHarnessCalibration } from "./load-harness-calibration.js";

/** undefined when promptc keeps no calibration for `agent`. */
export function cachedCalibration(
  host: Host,
  agent: string,
  wantedVersion?: string,
): Result<{ file: string } | undefined> | undefined {
  if (agent === CODEX_AGENT)
    return loadCodexCalibration(host, wantedVersion !== undefined ? { version: wantedVersion } : {});
  const profile = findProfile(agent);
  return profile !== undefined && !hasEnvelopeLayout(profile) ? loadHarnessCalibration(host, profile) : undefined;
}
