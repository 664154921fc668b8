// promptc's public pure API: a hand-kept list, one name per line, locked by test/invariants/public-api.test.ts
// (its snapshot lists the sorted names). Never imports node:* (see test/invariants/purity.test.ts).
// Add a name deliberately, and update the snapshot in the same change; everything else is internal.

// The data model: items, requests, turn contexts, diagnostics, manifests, the permission vocabulary.
export type {
  ContentPart,
  FunctionCallItem,
  FunctionCallOutputItem,
  MessageItem,
  ReasoningItem,
  ResponseItem,
} from "./model/items.js";
export type { ResponsesRequest, ToolSpec } from "./model/request.js";
export type { TurnContext } from "./model/turn-context.js";
export { diagnostic, type Diagnostic, type Place, type Result, type Severity } from "./model/diagnostic.js";
export type { Manifest, ManifestFragment } from "./model/manifest.js";
export {
  APPROVAL_POLICIES,
  SANDBOX_MODES,
  type ApprovalPolicy,
  type SandboxMode,
} from "./model/permission-modes.js";
export { writableRoots } from "./model/writable-roots.js";

// Tokens: exact counts (a counter with its memo and cache), Codex's approximation, middle truncation.
export {
  countTokens,
  createTokenCounter,
  type CountTokens,
  type CreateTokenCounterOptions,
  type EncodingName,
  type TokenCountCache,
  type TokenCounter,
  type TokenCounterStats,
} from "./tokens/count.js";
export { approxTokens } from "./tokens/approx.js";
export { truncateMiddle, type TruncationPolicy } from "./tokens/truncate.js";

// Fragments: which injected context a text is (the markers history parsing uses).
export { matchFragment } from "./fragments/markers.js";

// Profiles: the harnesses promptc ships, as values.
export { getProfile, hasEnvelopeLayout, isProfileId, PROFILES } from "./profiles/index.js";
export type { Profile, ProfileId } from "./profiles/profile.js";

// The compiler: compileTurn for any profile (it dispatches on the profile's layout), compile for a TurnContext.
export {
  compileTurn,
  type BodyTurn,
  type CompiledTurn,
  type DiscoveredTurn,
  type EnvelopeTurn,
} from "./compile/compile-turn.js";
export type { HarnessRequest, WireLayer } from "./model/harness-request.js";
export { compile, defaultProse, type CompileResult } from "./compile/compile.js";
export type { CompileOptions } from "./compile/compile-options.js";
export { serializeRequest } from "./compile/canonical-json.js";
export { fingerprintRequest } from "./compile/fingerprint.js";

// Sessions: the next request of a conversation, settings and environment diffs appended, never rewritten.
export {
  createSession,
  nextRequest,
  recordItems,
  type Session,
  type SessionOptions,
  type SessionTurnResult,
} from "./session/session.js";
export { normalizeHistory } from "./session/normalize-history.js";

// Session logs: Codex rollouts, promptc logs and request bodies, read and written.
export { parseSessionLog, type ParsedSessionLog } from "./session-log/parse-rollout.js";
export { serializeSessionRecord, type SessionRecord } from "./session-log/session-log.js";
export { requestsFromLog } from "./session-log/requests-from-log.js";

// Compaction: pure functions over a history.
export {
  compactHistory,
  COMPACT_STRATEGIES,
  type CompactOptions,
  type CompactResult,
  type CompactStrategyName,
} from "./compact/compact-history.js";
export type {
  CodexLocalCompactOptions,
  CodexRemoteCompactOptions,
  PiCompactOptions,
} from "./compact/compact-options.js";
export { rebuildLegacyCompaction } from "./compact/build-compacted-history.js";
export { shouldCompact } from "./compact/should-compact.js";
export { autoCompactLimit } from "./compact/auto-compact-limit.js";
export { estimateHistoryTokens } from "./compact/estimate-tokens.js";
export { planCompactDryRun } from "./compact/plan-compact-dry-run.js";

// Cache analysis: common prefix of two requests, first divergence with cause, provider cache simulation.
export { commonPrefix, explainPrefix, type CommonPrefixResult } from "./cache/common-prefix.js";
export { simulateCache, type SimulateCacheResult } from "./cache/simulate-cache.js";
export { OPENAI_CACHE_MODEL, type CacheModel } from "./cache/cache-model.js";

// Scenarios: a described conversation compiled request by request, and its snapshot.
export { parseScenario } from "./scenario/parse-scenario.js";
export type { Scenario } from "./scenario/scenario.js";
export { compileScenario, type CompileScenarioResult } from "./scenario/compile-scenario.js";
export { buildScenarioSnapshot, type ScenarioSnapshot } from "./scenario/scenario-snapshot.js";
export { SCENARIO_SCHEMA } from "./scenario/scenario-schema.js";

// The loop: one turn against a provider, its events, session recording, compaction and approval, a faux provider.
export { runTurn, type RunTurnOptions, type RunTurnResult } from "./loop/run-turn.js";
export {
  runSessionTurn,
  resumedSessionOf,
  type ResumedSession,
  type RunSessionTurnOptions,
  type RunSessionTurnResult,
  type SessionLogSink,
} from "./loop/run-session-turn.js";
export type { LoopEvent } from "./loop/events.js";
export type { ModelProvider } from "./loop/provider.js";
export type { ToolDefinition } from "./loop/tool.js";
export { buildTurnRequest } from "./loop/build-turn-request.js";
export { createSessionRecorder } from "./loop/create-session-recorder.js";
export { createModelCompactor } from "./loop/create-model-compactor.js";
export { createApprovalHook } from "./loop/policy/create-approval-hook.js";
export { decideApproval } from "./loop/policy/decide-approval.js";
export { renderLoopEvent } from "./loop/render-loop-event.js";
export {
  createFauxProvider,
  fauxResponse,
  fauxText,
  fauxToolCall,
  type FauxReply,
} from "./loop/providers/faux.js";
