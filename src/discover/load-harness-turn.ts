// A harness's turn from the directory, the home and the probed facts, by the discovery its profile names
// (`profile.discovery`): the data a "body" layout builds the request from. IO through the Host only.
import type { Host } from "../host/host.js";
import type { AgentInstallSource, BundledSkill } from "../model/agent-install.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { GitFacts } from "../model/git-facts.js";
import type { HarnessDiscovery } from "../profiles/profile.js";
import { loadClaudeCodeTurn } from "./claude-code/load-claude-code-turn.js";
import { loadCopilotTurn } from "./copilot/load-copilot-turn.js";
import { findProjectRoot } from "./find-project-root.js";
import { loadGeminiTurn } from "./gemini/load-gemini-turn.js";
import { loadPiTurn } from "./pi/load-pi-turn.js";

/** What every harness turn starts from; each discovery takes what its harness uses. */
export interface HarnessTurnInputs {
  cwd: string;
  home: string;
  git: GitFacts | undefined;
  /** Node's platform name (`linux`). */
  platform: string;
  /** `uname -s` and `-r` (`Linux 6.8.0`). */
  osVersion: string;
  /** `YYYY-MM-DD`. */
  date: string;
  message: string;
  model?: string;
  /** The agent's approval mode, when it has them (one of the discovery's `approvalModes`). */
  approvalMode?: string;
  sessionId: string;
  /** The agent's install folder, when its prompt names it (pi) or lists skills bundled in it (Gemini CLI). */
  installDir?: string;
  /** Which executable that folder was found from: the one calibration ran, or the one on PATH. */
  installSource?: Pick<AgentInstallSource, "bin" | "from">;
  /** The skills the agent bundles as calibration recorded them (in place of reading them from `installDir`). */
  bundledSkills?: BundledSkill[];
  /** The instant and zone of the turn (Copilot CLI writes the time to the millisecond). */
  nowMs?: number;
  timezone?: string;
  /** Which of the discovery's `probeCommands` are executable on PATH. */
  onPath?: string[];
}

export interface LoadedHarnessTurn {
  /** The turn in the harness's own type (the profile's layout reads it). */
  turn: unknown;
  diagnostics: Diagnostic[];
}

export function loadHarnessTurn(host: Host, rules: HarnessDiscovery, inputs: HarnessTurnInputs): LoadedHarnessTurn {
  const loaded = load(host, rules, inputs);
  return { turn: loaded.turn, diagnostics: loaded.diagnostics };
}

/** Each harness's loader takes the inputs it uses (the rest are ignored). */
function load(host: Host, rules: HarnessDiscovery, inputs: HarnessTurnInputs): LoadedHarnessTurn {
  switch (rules.type) {
    case "claude-memory":
      return loadClaudeCodeTurn(host, inputs);
    case "gemini-memory":
      return loadGeminiTurn(host, inputs);
    case "pi-context": {
      const root = findProjectRoot(host, inputs.cwd, rules.projectRootMarkers).root;
      return loadPiTurn(host, root !== undefined ? { ...inputs, gitRoot: root } : inputs);
    }
    case "copilot-instructions":
      return loadCopilotTurn(host, inputs);
    default: {
      const never: never = rules;
      throw new Error(`unknown discovery ${String((never as { type: unknown }).type)}`);
    }
  }
}
