// The loop's IO parts for Node: the Responses provider over fetch, the built-in tools, the session log file.
// Re-exports only (exported from src/node.ts).
export {
  createResponsesProvider,
  STREAM_IDLE_TIMEOUT_MS,
  type ResponsesProviderOptions,
} from "./providers/responses.js";
export {
  openSessionLogFile,
  listSessionLogs,
  SESSION_LOG_STALE_LOCK_MS,
  type SessionLogFile,
  type SessionLogFileOptions,
  type SessionListing,
} from "../host/session-log-file.js";
export {
  createToolRegistry,
  TOOL_ARGUMENTS_MAX_CHARS,
  type ArgumentCheck,
  type ToolRegistry,
} from "./tools/tool-registry.js";
export { createDefaultTools, createSandboxTools, defaultToolSpecs, runToolOverride } from "./tools/default-tools.js";
export {
  createShellTool,
  SHELL_OUTPUT_POLICY,
  SHELL_CAPTURE_MAX_BYTES,
  SHELL_TIMEOUT_EXIT_CODE,
  type ShellArgs,
  type ShellToolOptions,
} from "./tools/shell.js";
export {
  createReadFileTool,
  READ_FILE_MAX_BYTES,
  READ_FILE_MAX_LINES,
  READ_FILE_MAX_LINE_CHARS,
  type ReadFileArgs,
} from "./tools/read-file.js";
export { createEditFileTool, resolveToolPath, type EditFileArgs } from "./tools/edit-file.js";
export { createUpdatePlanTool, type PlanStatus, type UpdatePlanArgs } from "./tools/update-plan.js";
export {
  createToolSandbox,
  sandboxNotice,
  type CreateToolSandboxOptions,
  type SandboxEnforcement,
  type ToolSandbox,
} from "./tools/sandbox/create-tool-sandbox.js";
export { probeBubblewrap, BWRAP_PROBE_TIMEOUT_MS, type BubblewrapProbe } from "./tools/sandbox/probe-bubblewrap.js";
export {
  runProcessGroup,
  PIPE_DRAIN_MS,
  type ProcessGroupRun,
  type RunProcessGroupOptions,
} from "./tools/sandbox/run-process-group.js";
