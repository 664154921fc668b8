// A harness's turn from the directory, the home and the probed facts, by the discovery its profile names
// (`profile.discovery`): the data a "body" layout builds the request from. IO through the Host only.
import type { Host } from "../host/host.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { GitFacts } from "../model/git-facts.js";
import type { HarnessDiscovery } from "../profiles/profile.js";
import { loadClaudeCodeTurn } from "./claude-code/load-claude-code-turn.js";
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
  sessionId: string;
  /** The agent's install folder, when its prompt names it (pi). */
  installDir?: string;
}

export interface LoadedHarnessTurn {
  /** The turn in the harness's own type (the profile's layout reads it). */
  turn: unknown;
  diagnostics: Diagnostic[];
}

export function loadHarnessTurn(host: Host, rules: HarnessDiscovery, inputs: HarnessTurnInputs): LoadedHarnessTurn {
  switch (rules.type) {
    case "claude-memory": {
      const loaded = loadClaudeCodeTurn(host, inputs);
      return { turn: loaded.turn, diagnostics: loaded.diagnostics };
    }
    case "gemini-memory": {
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
    }
    case "pi-context": {
      const options: Parameters<typeof loadPiTurn>[1] = {
        cwd: inputs.cwd,
        home: inputs.home,
        date: inputs.date,
        message: inputs.message,
        sessionId: inputs.sessionId,
      };
      const root = findProjectRoot(host, inputs.cwd, rules.projectRootMarkers).root;
      if (root !== undefined) options.gitRoot = root;
      if (inputs.model !== undefined) options.model = inputs.model;
      if (inputs.installDir !== undefined) options.installDir = inputs.installDir;
      const loaded = loadPiTurn(host, options);
      return { turn: loaded.turn, diagnostics: loaded.diagnostics };
    }
    default: {
      const never: never = rules;
      throw new Error(`unknown discovery ${String((never as { type: unknown }).type)}`);
    }
  }
}
