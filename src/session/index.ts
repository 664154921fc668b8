// Multi-turn sessions: state, nextRequest, settings and environment diffs, history normalisation, scenarios. Pure.
export { createSession, nextRequest, recordItems, clearReference, type Session, type SessionOptions, type SessionTurnResult, type AppendedItem } from "./session.js";
export { buildReferenceContext, type ReferenceContext } from "./reference-context.js";
export { AGENTS_MD_WITHDRAWN_HEADING, buildSettingsUpdate, MODEL_SWITCH_OPEN_TAG, renderAgentsMdUpdate, MODEL_SWITCH_CLOSE_TAG, type SettingsUpdate, type SettingsUpdateReason } from "./settings-update.js";
export { renderEnvironmentDiff, changedEnvironmentFields, type EnvironmentDiffPolicy } from "./environment-diff.js";
export { normalizeHistory, ABORTED_OUTPUT_TEXT, type NormalizeHistoryOptions } from "./normalize-history.js";
export { settingsAtTurn, VIRTUAL_HOME, VIRTUAL_CODEX_HOME, type Scenario, type ScenarioProfile, type ScenarioSession, type ScenarioSettings, type ScenarioTurn } from "./scenario.js";
export { SCENARIO_SCHEMA } from "./scenario-schema.js";
export { parseScenario, jsonPath } from "./parse-scenario.js";
export { compileScenario, applyScenarioSettings, turnReplyItems, type CompileScenarioResult, type ScenarioTurnResult } from "./compile-scenario.js";
