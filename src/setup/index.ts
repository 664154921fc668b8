// setup/'s public surface: the one turn setup (setupTurn) and the few questions other rooms ask of the same
// calibration, catalogue and prose (nothing outside setup/ imports its loaders; an architecture test says so).
// Re-exports only (IO through the ports).
export { setupTurn, isEnvelopeTurn, type SetUpTurn } from "./setup-turn.js";
export type { ResolvedTurn, TurnSetupFailure } from "./setup-envelope-turn.js";
export { PLACEHOLDER_SESSION_ID, type ResolvedBodyTurn } from "./setup-body-turn.js";
export type { BodyTurnInput, EnvelopeTurnInput, TurnInput } from "./turn-input.js";
export { bareMachine, type Machine, type SetupPorts } from "./setup-ports.js";
export { errorLine } from "./error-line.js";
export { proseForModel, sentBaseInstructions } from "./session-prose.js";
export { cachedCalibration } from "./cached-calibration.js";
export { calibratedTextFor } from "./codex/load-codex-calibration.js";
export {
  catalogueContextWindow,
  readKnownCatalogue,
  VERSION_MISMATCH,
  type CodexModelSetup,
} from "./codex/load-codex-model-setup.js";
export { CODEX_AGENT } from "./codex/codex-calibration.js";
