// promptc's public pure API. Never imports node:* (see test/invariants/purity.test.ts).
export type * from "./model/items.js";
export type * from "./model/request.js";
export type * from "./model/diagnostic.js";
export type * from "./model/turn-context.js";
export { diagnostic } from "./model/diagnostic.js";
export * from "./tokens/index.js";
export * from "./fragments/index.js";
export type * from "./model/manifest.js";
export * from "./profiles/index.js";
export * from "./compile/index.js";
export * from "./compact/index.js";
export * from "./session/parse-rollout.js";
export * from "./session/index.js";
export * from "./cache/index.js";
export * from "./loop/index.js";
