// Loads the turn of a profile with its own body ("body" layout) the way its harness would see it: the directory,
// the user home, git, uname, the agent's install folder, and the prose (the user's calibrated agent's, else the
// layout's stand-ins). Does IO: the Node host, git, os.
import { release, type } from "node:os";
import { resolve } from "node:path";
import { getAdapter } from "../capture/adapters/index.js";
import { loadHarnessTurn } from "../discover/load-harness-turn.js";
import { formatDateInZone } from "../discover/resolve-environment.js";
import { calibrationPath, readCalibration } from "../host/calibration-store.js";
import { findAgentInstall } from "../host/find-agent-install.js";
import { findOnPath } from "../host/find-on-path.js";
import { createNodeHost } from "../host/node-host.js";
import { probeGit } from "../host/probe-git.js";
import type { Diagnostic } from "../model/diagnostic.js";
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
  // A prompt may name the agent's install folder (pi's does): the agent on PATH.
  const adapter = getAdapter(profile.id);
  const install =
    adapter?.packageName !== undefined
      ? findAgentInstall(
          adapter.executables.filter((e) => !e.endsWith(".js")),
          adapter.packageName,
          io.env,
        )
      : undefined;
  if (install?.packageDir !== undefined) inputs.installDir = install.packageDir;
  const loaded = loadHarnessTurn(host, profile.discovery, inputs);
  return { profile, turn: loaded.turn, prose: bodyProse(profile, value, io), cwd, diagnostics: loaded.diagnostics };
}

/** The prose the user's own agent supplied (`promptc calibrate --agent X`), else the layout's stand-ins. */
function bodyProse(profile: Profile<"body">, value: BodyTurnFlags, io: CliIO): unknown {
  if (value.calibration === false) return profile.layout.standInProse;
  const path = calibrationPath(io.env, io.env.HOME, profile.id, profile.targetVersion);
  const calibration = path === undefined ? undefined : readCalibration(path);
  return calibration !== undefined &&
    calibration.profile === profile.id &&
    calibration.agentVersion === profile.targetVersion
    ? calibration.prose
    : profile.layout.standInProse;
}
