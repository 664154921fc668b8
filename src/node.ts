// Node entry: the real Host and the loaders that turn a directory into a TurnContext. Does IO.
export type * from "./host/host.js";
export { createNodeHost } from "./host/node-host.js";
export type { NodeHostOptions } from "./host/node-host.js";
export { createMemoryHost } from "./host/memory-host.js";
export type { MemoryHost, MemoryHostOptions, MemoryEntry } from "./host/memory-host.js";
export * from "./discover/index.js";
export { loadScenarioFile, loadScenarioContexts, scenarioHost, SCENARIO_MAX_BYTES } from "./scenario/load-scenario.js";
export * from "./loop/node.js";
export { defaultTokenCacheDir, enableDiskTokenCache, openDiskTokenCache, TOKEN_CACHE_FILE } from "./host/token-cache.js";
export type { DiskTokenCache, OpenTokenCacheOptions } from "./host/token-cache.js";
