// The ports a turn setup reads on the user's machine: the Node host, and git, uname, PATH and the agents' install
// (the calibrated one, else PATH's) as Node finds them. Does IO (node:os, git, the file system).
import { getAdapter } from "../capture/adapters/index.js";
import { resolveAgentInstall } from "../host/find-agent-install.js";
import { findOnPath } from "../host/find-on-path.js";
import { createNodeHost } from "../host/node-host.js";
import { nodeOs } from "../host/node-os.js";
import { probeGit } from "../host/probe-git.js";
import type { Machine, SetupPorts } from "../setup/index.js";
import type { CliIO } from "./io.js";

export function nodeMachine(env: CliIO["env"]): Machine {
  return {
    platform: process.platform,
    // Only the harnesses that send it (Claude Code) read it: other runs never load node:os for it.
    get osVersion(): string {
      const os = nodeOs();
      return `${os.type()} ${os.release()}`;
    },
    git: probeGit,
    onPath: (names) => findOnPath(names, env.PATH),
    agentInstall: (profileId, recorded) => {
      const adapter = getAdapter(profileId);
      return adapter === undefined ? undefined : resolveAgentInstall(recorded, adapter, env);
    },
  };
}

/** The ports of a turn read from the current directory of `io`. */
export function nodeSetupPorts(io: Pick<CliIO, "cwd" | "env">): SetupPorts {
  return { files: createNodeHost({ cwd: io.cwd, env: io.env }), machine: nodeMachine(io.env) };
}
