// What a resumed session's next turn needs beyond its own setup: the prose of the model the session last ran (a
// switch away from it) and the base instructions the session itself sent. IO through the Host only.
import { loadProse } from "../discover/load-prose.js";
import type { ProseSet } from "../fragments/prose-set.js";
import { calibratedProseForModel, sentBaseInstructionsFor } from "./codex/load-codex-model-setup.js";
import type { ResolvedTurn } from "./setup-envelope-turn.js";

/** The calibrated prose another model of the turn's catalogue renders with; undefined without a calibration. */
export function proseForModel(turn: ResolvedTurn, model: string): ProseSet | undefined {
  if (!turn.setup) return undefined;
  return calibratedProseForModel(loadProse(turn.host, turn.profile.prose.bundled).value, turn.setup, model);
}

/** The base instructions a resumed session sends, from the text its log recorded (see sentBaseInstructionsFor). */
export function sentBaseInstructions(turn: ResolvedTurn, logged: string): string {
  return sentBaseInstructionsFor(turn.setup, logged);
}
