// The one turn setup: from what a turn is asked with (a directory preview's flags, a scenario turn, a session
// file's next turn, `run`) to the turn ready to compile — profile, model, catalogue, calibration, prose dir and
// its layout.json, approval entry point and home resolved once, the same way for every caller. IO through the
// ports only.
import { setupBodyTurn, type ResolvedBodyTurn } from "./setup-body-turn.js";
import { setupEnvelopeTurn, type ResolvedTurn, type TurnSetupFailure } from "./setup-envelope-turn.js";
import type { SetupPorts } from "./setup-ports.js";
import type { BodyTurnInput, EnvelopeTurnInput, TurnInput } from "./turn-input.js";

export type SetUpTurn = ResolvedTurn | ResolvedBodyTurn;

export function setupTurn(ports: SetupPorts, input: EnvelopeTurnInput): ResolvedTurn | TurnSetupFailure;
export function setupTurn(ports: SetupPorts, input: BodyTurnInput): ResolvedBodyTurn | TurnSetupFailure;
export function setupTurn(ports: SetupPorts, input: TurnInput): SetUpTurn | TurnSetupFailure;
export function setupTurn(ports: SetupPorts, input: TurnInput): SetUpTurn | TurnSetupFailure {
  return "load" in input ? setupEnvelopeTurn(ports, input) : setupBodyTurn(ports, input);
}

/** Whether a set-up turn is laid out as envelopes (a TurnContext) rather than by its harness. */
export function isEnvelopeTurn(turn: SetUpTurn): turn is ResolvedTurn {
  return "ctx" in turn;
}
