// What a turn setup reads, as ports: the files the turn is discovered on, the user's machine (promptc's
// calibration cache, the installed agents, a --prose-dir) and the facts that are not files (git, uname, PATH).
// Types only (pure); the CLI hands in the Node ones (cli/node-setup-ports.ts), scenarios fixed ones.
import type { Host } from "../host/host.js";
import type { AgentInstallRecord, AgentInstallSource } from "../model/agent-install.js";
import type { GitFacts } from "../model/git-facts.js";

/** What a harness's discovery asks the machine besides files. */
export interface Machine {
  /** Node's platform name (`linux`). */
  platform: string;
  /** `uname -s` and `-r` (`Linux 6.8.0`). */
  osVersion: string;
  /** The git facts of `cwd` with `home` as HOME, or undefined outside a work tree. */
  git(cwd: string, home: string): GitFacts | undefined;
  /** Which of `names` are executables on PATH. */
  onPath(names: readonly string[]): string[];
  /** The install of the agent a profile reproduces: the one calibration ran (`recorded`, while it is there),
   * else the one on PATH. */
  agentInstall(profileId: string, recorded: AgentInstallRecord | undefined): AgentInstallSource | undefined;
}

export interface SetupPorts {
  /** The files, environment and clock the turn is discovered on (a scenario's virtual files, else the machine's). */
  files: Host;
  /** The user's machine: promptc's calibration cache, the installed agents, a prose dir. Default: `files`. */
  user?: Host;
  machine: Machine;
}

/** A machine with nothing but a name: no git facts, nothing on PATH, no agent installed. */
export function bareMachine(platform: string, osVersion: string): Machine {
  return { platform, osVersion, git: () => undefined, onPath: () => [], agentInstall: () => undefined };
}
