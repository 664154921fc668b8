// Discovery per harness profile: from the directory, the home and the probed facts to that profile's turn data.
// IO through the Host only. One entry per harness profile id (profiles/harness-profiles.ts).
import type { Host } from "../host/host.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { GitFacts } from "../model/git-facts.js";
import { loadClaudeCodeTurn } from "./claude-code/load-claude-code-turn.js";

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
};
