// A turn under a profile with its own body ("body" layout), set up the way its harness would see it: the
// directory, the user home, git, uname, the agent's install (the calibrated one, else PATH's), and the prose (the
// user's calibrated agent's, else the layout's stand-ins). IO through the ports only.
import { loadHarnessTurn, type HarnessTurnInputs } from "../discover/load-harness-turn.js";
import { resolvePath } from "../discover/paths.js";
import { formatDateInZone } from "../discover/resolve-environment.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Profile } from "../profiles/index.js";
import { loadHarnessCalibration } from "./load-harness-calibration.js";
import type { TurnSetupFailure } from "./setup-envelope-turn.js";
import type { SetupPorts } from "./setup-ports.js";
import type { BodyTurnInput } from "./turn-input.js";

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

const failure = (error: string): TurnSetupFailure => ({ error, diagnostics: [] });

export function setupBodyTurn(ports: SetupPorts, input: BodyTurnInput): ResolvedBodyTurn | TurnSetupFailure {
  const { profile } = input;
  const host = ports.files;
  const cwd = resolvePath(host.cwd(), input.cwd ?? ".", host.home());
  const cwdStat = host.stat(cwd);
  if (!cwdStat.ok || cwdStat.value.kind !== "directory")
    return failure(`-C ${input.cwd ?? "."}: ${cwdStat.ok ? "not a directory" : cwdStat.error.code}`);
  const userHome = input.home !== undefined ? resolvePath(host.cwd(), input.home, host.home()) : host.home();
  if (userHome === undefined) return failure("no home directory (pass --home DIR)");
  const homeStat = host.stat(userHome);
  if (!homeStat.ok || homeStat.value.kind !== "directory")
    return failure(`--home ${input.home ?? userHome}: ${homeStat.ok ? "not a directory" : homeStat.error.code}`);
  const clock = host.clock();
  const { machine } = ports;
  const inputs: HarnessTurnInputs = {
    cwd,
    home: userHome,
    git: machine.git(cwd, userHome),
    platform: machine.platform,
    // Read when a harness sends it (the machine's is computed on demand).
    get osVersion(): string {
      return machine.osVersion;
    },
    date: input.date ?? formatDateInZone(clock.nowMs, input.timezone ?? clock.timezone),
    message: input.message,
    sessionId: input.sessionId ?? PLACEHOLDER_SESSION_ID,
    nowMs: input.date !== undefined ? Date.parse(`${input.date}T00:00:00.000Z`) : clock.nowMs,
    timezone: input.timezone ?? clock.timezone,
  };
  if ("probeCommands" in profile.discovery) inputs.onPath = machine.onPath(profile.discovery.probeCommands);
  if (input.model !== undefined) inputs.model = input.model;
  if (input.approvalMode !== undefined) inputs.approvalMode = input.approvalMode;
  const calibration =
    input.calibration === false
      ? { value: undefined, diagnostics: [] }
      : loadHarnessCalibration(ports.user ?? host, profile);
  const stored = calibration.value?.value;
  // A prompt may name the agent's install folder (pi's) or list skills bundled in it (Gemini CLI's): the install
  // calibration ran, else the agent on PATH.
  const install = machine.agentInstall(profile.id, stored?.install);
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
