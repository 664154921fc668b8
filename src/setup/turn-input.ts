// What a turn is set up from, whoever asks (a directory preview's flags, a scenario turn, a session file's next
// turn, `run`): the profile and what its discovery starts from. Types only (pure).
import type { LoadTurnContextOptions } from "../discover/load-turn-context.js";
import type { Profile } from "../profiles/index.js";

/** A turn under a profile promptc lays out as envelopes (Codex's discovery into a TurnContext). */
export interface EnvelopeTurnInput {
  profile: Profile<"envelopes">;
  /** Discovery's options, as asked (the model is resolved here: flag, config, catalogue, a prose dir's capture). */
  load: LoadTurnContextOptions;
  /** `--prose-dir`: prose files (and a calibrated capture's layout.json) over the profile's prose. */
  proseDir?: string;
  /** false: stand-in prose even when a calibration is cached (`--no-calibration`). */
  calibration?: boolean;
  /** The approval rules of the harness's interactive entry point instead of its default one (codex: `--tui`). */
  interactive?: boolean;
  /** Say in an info line which entry point the approval policy models and what the other one sends. */
  describeApproval?: boolean;
  /** The multi-agent version of the session a turn continues (Codex keeps it across a model switch). */
  sessionMultiAgentVersion?: string;
}

/** A turn under a profile with its own body: what its harness's discovery starts from. */
export interface BodyTurnInput {
  profile: Profile<"body">;
  message: string;
  cwd?: string;
  /** The user home the harness's discovery reads (default: the host's). */
  home?: string;
  model?: string;
  sessionId?: string;
  date?: string;
  timezone?: string;
  /** One of the discovery's `approvalModes`. */
  approvalMode?: string;
  /** false: `--no-calibration` (the layout's stand-in prose even when the agent's is cached). */
  calibration?: boolean;
}

export type TurnInput = EnvelopeTurnInput | BodyTurnInput;
