// The agent loop's public pure API: runTurn, events, provider port, policies, compaction driver, faux provider.
// Re-exports only; the IO parts (Responses provider, tools, session log file) are exported from src/node.ts.
export { runTurn, type LoopHooks, type RunTurnOptions, type RunTurnResult, type StepState } from "./run-turn.js";
export * from "./events.js";
export type * from "./provider.js";
export type * from "./tool.js";
export { toolSpecOf } from "./tool.js";
export { classifyProviderError, isRetryable, parseErrorBody, type ErrorFacts } from "./classify-provider-error.js";
export {
  planRetry,
  retryAfterDelayMs,
  DEFAULT_RETRY_POLICY,
  RETRY_AFTER_MAX_MS,
  type RetryPolicy,
  type RetryPlan,
  type RetryInput,
} from "./plan-retry.js";
export {
  createSseParser,
  SSE_MAX_LINE_CHARS,
  type SseMessage,
  type SseParser,
  type SseProblem,
} from "./sse/parse-sse.js";
export { parseResponsesEvent, parseUsage } from "./sse/parse-responses-event.js";
export {
  createResponseCollector,
  lastAssistantMessageText,
  toolCallsOf,
  type CollectedResponse,
  type ResponseCollector,
} from "./collect-response.js";
export { buildFollowUpRequest, toInputItem, withInput } from "./build-follow-up-request.js";
export {
  executeToolCall,
  type ToolCallContext,
  type ToolCallHooks,
  type ExecutedToolCall,
} from "./execute-tool-call.js";
export {
  createModelCompactor,
  type Compactor,
  type CompactionInput,
  type CompactionOutcome,
  type ModelCompactorOptions,
} from "./create-model-compactor.js";
export { initialContextOf } from "./initial-context-of.js";
export { buildTurnRequest, type BuildTurnRequestOptions, type TurnRequest } from "./build-turn-request.js";
export {
  prepareSessionTurn,
  resumedSessionOf,
  runSessionTurn,
  turnStartRecords,
  type PreparedSessionTurn,
  type ResumedSession,
  type RunSessionTurnOptions,
  type RunSessionTurnResult,
  type SessionLogSink,
  type SessionTurnInput,
} from "./run-session-turn.js";
export { createSessionRecorder, type SessionRecorder, type SessionRecorderOptions } from "./create-session-recorder.js";
export { createTelemetryListener, type Span, type SpanAttributes, type Tracer } from "./create-telemetry-listener.js";
export { renderLoopEvent, type RenderedEvent, type RenderState } from "./render-loop-event.js";
export { mapWithConcurrency } from "./map-with-concurrency.js";
export * from "./policy/limits.js";
export {
  decideApproval,
  isInside,
  type ApprovalDecision,
  type ApprovalFacts,
  type ApprovalRequest,
} from "./policy/decide-approval.js";
export {
  createApprovalHook,
  approvalRequestOf,
  type ApprovalHookOptions,
  type ApprovalQuestion,
} from "./policy/create-approval-hook.js";
export { isKnownSafeCommand } from "./policy/is-known-safe-command.js";
export { selectTools, type SelectToolsOptions } from "./policy/select-tools.js";
export {
  parseCommandOptions,
  type OptionArity,
  type OptionTable,
  type ParsedCommand,
  type ParsedOption,
} from "./policy/parse-command-options.js";
export { sandboxPolicyOf, PROTECTED_SUBPATHS, type SandboxPolicy } from "./sandbox/sandbox-policy.js";
export { buildBwrapArgv, type BwrapLayout } from "./sandbox/build-bwrap-argv.js";
export {
  buildToolEnvironment,
  matchesEnvironmentPattern,
  type ToolEnvironment,
} from "./sandbox/build-tool-environment.js";
export { createSecretRedactor, REDACT_MIN_CHARS, type SecretRedactor } from "./sandbox/create-secret-redactor.js";
export * from "../model/shell-environment-policy.js";
export {
  createFauxProvider,
  fauxError,
  fauxReasoning,
  fauxResponse,
  fauxText,
  fauxToolCall,
  type FauxContext,
  type FauxPart,
  type FauxProvider,
  type FauxProviderOptions,
  type FauxReply,
  type FauxStep,
} from "./providers/faux.js";
export type * from "../session-log/session-log.js";
export { serializeSessionRecord } from "../session-log/session-log.js";
