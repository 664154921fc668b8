// Node entry (`promptc/node`): the real Host, the loaders that turn a directory, a scenario or a session log into
// data, and the loop's IO parts. Does IO. A hand-kept list, locked by test/invariants/public-api.test.ts.

// The Host port and its two implementations.
export type { Clock, DirEntry, FileStat, Host, HostError, HostResult } from "./host/host.js";
export { createNodeHost, type NodeHostOptions } from "./host/node-host.js";
export { createMemoryHost, type MemoryEntry, type MemoryHost, type MemoryHostOptions } from "./host/memory-host.js";

// Loaders (IO through the Host only).
export { loadTurnContext, type LoadTurnContextOptions } from "./discover/load-turn-context.js";
export { loadHarnessTurn, type HarnessTurnInputs, type LoadedHarnessTurn } from "./discover/load-harness-turn.js";
export { loadConfig, type LoadConfigOptions, type LoadedConfig } from "./discover/load-config.js";
export { loadScenarioFile } from "./scenario/load-scenario.js";
export { loadScenarioContexts } from "./scenario/setup-scenario-turns.js";
export { readSessionLog, type ReadSessionLogOptions } from "./session-log/read-session-log.js";

// The loop's IO parts: the Responses provider over fetch, the built-in tools, the session log file.
export { createResponsesProvider, type ResponsesProviderOptions } from "./loop/providers/responses.js";
export { createDefaultTools } from "./loop/tools/default-tools.js";
export { createToolRegistry, type ToolRegistry } from "./loop/tools/tool-registry.js";
export {
  createToolSandbox,
  type CreateToolSandboxOptions,
  type ToolSandbox,
} from "./loop/tools/sandbox/create-tool-sandbox.js";
export { listSessionLogs, openSessionLogFile, type SessionLogFile } from "./host/session-log-file.js";

// The on-disk token-count cache, for `createTokenCounter({ cache })`.
export { openDefaultTokenCache, openDiskTokenCache, type DiskTokenCache } from "./host/token-cache.js";
