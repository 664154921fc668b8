// The pure compiler: compile() and its stages. Pure.
export { compile, defaultProse, resolveProfile, type CompileResult } from "./compile.js";
export type { CompileOptions, ExtraFragment, FragmentPlacement } from "./compile-options.js";
export { planTurn, type Plan, type PlannedMessage, type PlannedPart } from "./plan.js";
export { assembleRequest, messageId, type Assembled, type FragmentPlacementRecord } from "./assemble.js";
export { serializeRequest, canonicalRequest, canonicalItem, canonicalJson } from "./canonical-json.js";
export { fingerprintRequest } from "./fingerprint.js";
export { buildManifest, type ManifestInput } from "./build-manifest.js";
export { hashText, derivedUuid } from "./hash.js";
