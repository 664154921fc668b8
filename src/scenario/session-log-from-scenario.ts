// A compiled scenario seen as a session log, so `promptc compact` dry-runs scenarios like recorded sessions.
// Pure: the history after the last turn (its recorded replies included), ghost snapshots kept at the end.
import type { ParsedSessionLog } from "../session-log/parse-rollout.js";
import type { CompileScenarioResult } from "./compile-scenario.js";
import type { Scenario } from "./scenario.js";
import { PROMPTC_ORIGINATOR } from "../session-log/session-log.js";

export interface SessionLogFromScenarioOptions {
  /** The full model context window of the last turn, when the scenario's config names one. */
  contextWindow?: number;
}

/**
 * The scenario's history as promptc would hold it after the last turn. Written as a promptc log would be: a
 * codex-profile history starts with its base-instructions item; the promptc profile carries them beside it.
 */
export function sessionLogFromScenario(
  scenario: Scenario,
  compiled: CompileScenarioResult,
  options: SessionLogFromScenarioOptions = {},
): ParsedSessionLog {
  const { session } = compiled;
  const last = compiled.turns.at(-1);
  const instructions = last?.request.instructions;
  return {
    format: "item-array",
    meta: { sessionId: scenario.session.id, originator: PROMPTC_ORIGINATOR, cwd: scenario.settings.cwd },
    history: [...session.input, ...session.hidden],
    ...(instructions !== undefined ? { baseInstructions: instructions } : {}),
    ...(last?.request.model !== undefined ? { model: last.request.model } : {}),
    compactions: [],
    summaryTexts: [],
    ...(options.contextWindow !== undefined ? { modelContextWindow: options.contextWindow } : {}),
    lineCount: 0,
  };
}
