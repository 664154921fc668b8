// Loads the turn of a profile with its own body ("body" layout) the way its harness would see it: the directory,
// the user home, git, uname, the agent's install folder (the calibrated one, else PATH's), and the prose (the user's
// calibrated agent's, else the layout's stand-ins). Does IO: the Node host, git, os.
import { release, type } from "node:os";
import { resolve } from "node:path";
import { getAdapter } from "../capture/adapters/index.js";
import { loadHarnessTurn } from "../discover/load-harness-turn.js";
import { formatDateInZone } from "../discover/resolve-environment.js";
import { resolveAgentInstall } from "../host/find-agent-install.js";
import { findOnPath } from "../host/find-on-path.js";
import { createNodeHost } from "../host/node-host.js";
import { probeGit } from "../host/probe-git.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { loadHarnessCalibration } from "./load-harness-calibration.js";
import type { Profile } from "../profiles/index.js";
import type { CliIO } from "./io.js";
import type { BodyTurnFlags } from "./turn-flags.js";

/** Stands in for the per-run session uuid the agents make (pass --session-id for a captured one). */
export const PLACEHOLDER_SESSION_ID = "00000000-0000-4000-8000-000000000000";

/** A turn of a "body" profile ready to compile. */
export interface ResolvedBodyTurn {
  profile: Profile<"body">;
  /** The turn in the harness's own type, as its discovery loaded it. */
  turn: unknown;
  prose: unknown;
  cwd: string;
  diagnostics: Diagnostic[];
}

/** The turn `value` describes, reading the agent config under `home` (default: the user's), or a one-line error. */
export function resolveBodyTurn(
  value: BodyTurnFlags,
  home: string | undefined,
  io: CliIO,
): ResolvedBodyTurn | { error: string } {
  const { profile } = value;
  const cwd = resolve(io.cwd, value.cwd ?? ".");
  const host = createNodeHost({ cwd, env: io.env });
  const cwdStat = host.stat(cwd);
  if (!cwdStat.ok || cwdStat.value.kind !== "directory")
    return { error: `-C ${value.cwd ?? "."}: ${cwdStat.ok ? "not a directory" : cwdStat.error.code}` };
  const userHome = home !== undefined ? resolve(io.cwd, home) : host.home();
  if (userHome === undefined) return { error: "no home directory (pass --home DIR)" };
  const homeStat = host.stat(userHome);
  if (!homeStat.ok || homeStat.value.kind !== "directory")
    return { error: `--home ${home ?? userHome}: ${homeStat.ok ? "not a directory" : homeStat.error.code}` };
  const clock = host.clock();
  const inputs: Parameters<typeof loadHarnessTurn>[2] = {
    cwd,
    home: userHome,
    git: probeGit(cwd, userHome),
    platform: process.platform,
    osVersion: `${type()} ${release()}`,
    date: value.date ?? formatDateInZone(clock.nowMs, value.timezone ?? clock.timezone),
    message: value.message,
    sessionId: value.sessionId ?? PLACEHOLDER_SESSION_ID,
    nowMs: value.date !== undefined ? Date.parse(`${value.date}T00:00:00.000Z`) : clock.nowMs,
    timezone: value.timezone ?? clock.timezone,
  };
  if ("probeCommands" in profile.discovery) inputs.onPath = findOnPath(profile.discovery.probeCommands, io.env.PATH);
  if (value.model !== undefined) inputs.model = value.model;
  if (value.approvalMode !== undefined) inputs.approvalMode = value.approvalMode;
  const calibration =
    value.calibration === false ? { value: undefined, diagnostics: [] } : loadHarnessCalibration(host, profile);
  const stored = calibration.value?.value;
  // A prompt may name the agent's install folder (pi's) or list skills bundled in it (Gemini CLI's): the install
  // calibration ran, else the agent on PATH.
  const adapter = getAdapter(profile.id);
  const install = adapter !== undefined ? resolveAgentInstall(stored?.install, adapter, io.env) : undefined;
  if (install !== undefined) {
    inputs.installDir = install.packageDir;
    inputs.installSource = { bin: install.bin, from: install.from };
    if (install.from === "calibration" && stored?.bundledSkills !== undefined)
      inputs.bundledSkills = stored.bundledSkills;
  }
  const loaded = loadHarnessTurn(host, profile.discovery, inputs);
  const prose = {
    value: stored !== undefined ? stored.prose : profile.layout.standInProse,
    diagnostics: calibration.diagnostics,
  };
  return {
    profile,
    turn: loaded.turn,
    prose: prose.value,
    cwd,
    diagnostics: [...prose.diagnostics, ...loaded.diagnostics],
  };
}
