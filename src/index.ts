// promptc's public pure API. Never imports node:* (see test/invariants/purity.test.ts).
export type * from "./model/items.js";
export type * from "./model/request.js";
export type * from "./model/diagnostic.js";
export type * from "./model/turn-context.js";
export { diagnostic } from "./model/diagnostic.js";
export * from "./tokens/index.js";
export * from "./fragments/markers.js";
