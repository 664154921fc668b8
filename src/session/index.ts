// Multi-turn sessions: state, nextRequest, settings and environment diffs, history normalisation. Pure.
export {
  createSession,
  nextRequest,
  recordItems,
  clearReference,
  type Session,
  type SessionOptions,
  type SessionTurnResult,
  type AppendedItem,
} from "./session.js";
export { buildReferenceContext, type ReferenceContext } from "./reference-context.js";
export {
  AGENTS_MD_WITHDRAWN_HEADING,
  buildSettingsUpdate,
  MODEL_SWITCH_OPEN_TAG,
  renderAgentsMdUpdate,
  MODEL_SWITCH_CLOSE_TAG,
  type SettingsUpdate,
  type SettingsUpdateReason,
} from "./settings-update.js";
export { renderEnvironmentDiff, changedEnvironmentFields, type EnvironmentDiffPolicy } from "./environment-diff.js";
export { normalizeHistory, ABORTED_OUTPUT_TEXT, type NormalizeHistoryOptions } from "./normalize-history.js";
