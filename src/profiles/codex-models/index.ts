// The Codex model catalogue: reading it, resolving a turn's model, and the per-model layout. Pure.
export * from "./codex-catalogue.js";
export * from "./resolve-codex-model.js";
export * from "./codex-model-layout.js";
