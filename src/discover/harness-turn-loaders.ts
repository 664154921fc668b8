// Discovery per harness profile: from the directory, the home and the probed facts to that profile's turn data.
// IO through the Host only. One entry per harness profile id (profiles/harness-profiles.ts).
import type { Host } from "../host/host.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { GitFacts } from "../model/git-facts.js";
import { loadClaudeCodeTurn } from "./claude-code/load-claude-code-turn.js";
import { formatCopilotDatetime } from "./copilot/format-copilot-datetime.js";
import { loadCopilotTurn } from "./copilot/load-copilot-turn.js";
import { findProjectRoot } from "./find-project-root.js";
import { loadGeminiTurn } from "./gemini/load-gemini-turn.js";
import { loadPiTurn } from "./pi/load-pi-turn.js";

/** What every harness turn starts from; each loader takes what its harness uses. */
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
  sessionId: string;
  /** The agent's install folder, when its prompt names it (pi). */
  installDir?: string;
  /** The instant and zone of the turn (Copilot CLI writes the time to the millisecond). */
  nowMs?: number;
  timezone?: string;
  /** Which of the profile's `probeCommands` are executable on PATH. */
  onPath?: string[];
}

export interface LoadedHarnessTurn {
  turn: unknown;
  diagnostics: Diagnostic[];
}

export type HarnessTurnLoader = (host: Host, inputs: HarnessTurnInputs) => LoadedHarnessTurn;

export const HARNESS_TURN_LOADERS: { readonly [profileId: string]: HarnessTurnLoader } = {
  "claude-code": (host, inputs) => {
    const loaded = loadClaudeCodeTurn(host, inputs);
    return { turn: loaded.turn, diagnostics: loaded.diagnostics };
  },
  "gemini-cli": (host, inputs) => {
    const options: Parameters<typeof loadGeminiTurn>[1] = {
      cwd: inputs.cwd,
      home: inputs.home,
      date: inputs.date,
      platform: inputs.platform,
      message: inputs.message,
    };
    if (inputs.model !== undefined) options.model = inputs.model;
    if (inputs.installDir !== undefined) options.installDir = inputs.installDir;
    const loaded = loadGeminiTurn(host, options);
    return { turn: loaded.turn, diagnostics: loaded.diagnostics };
  },
  pi: (host, inputs) => {
    const options: Parameters<typeof loadPiTurn>[1] = {
      cwd: inputs.cwd,
      home: inputs.home,
      date: inputs.date,
      message: inputs.message,
      sessionId: inputs.sessionId,
    };
    // pi's own rule: the nearest ancestor holding `.git` (file or folder), not git's answer.
    const root = findProjectRoot(host, inputs.cwd, [".git"]).root;
    if (root !== undefined) options.gitRoot = root;
    if (inputs.model !== undefined) options.model = inputs.model;
    if (inputs.installDir !== undefined) options.installDir = inputs.installDir;
    const loaded = loadPiTurn(host, options);
    return { turn: loaded.turn, diagnostics: loaded.diagnostics };
  },
  copilot: (host, inputs) => {
    const options: Parameters<typeof loadCopilotTurn>[1] = {
      cwd: inputs.cwd,
      home: inputs.home,
      platform: inputs.platform,
      availableTools: inputs.onPath ?? [],
      datetime: formatCopilotDatetime(
        inputs.nowMs ?? Date.parse(`${inputs.date}T00:00:00.000Z`),
        inputs.timezone ?? "UTC",
      ),
      message: inputs.message,
      sessionId: inputs.sessionId,
    };
    // Copilot CLI asks git (a worktree's .git file counts; a bare marker folder elsewhere does not).
    if (inputs.git?.root !== undefined) options.gitRoot = inputs.git.root;
    if (inputs.model !== undefined) options.model = inputs.model;
    const loaded = loadCopilotTurn(host, options);
    return { turn: loaded.turn, diagnostics: loaded.diagnostics };
  },
};
