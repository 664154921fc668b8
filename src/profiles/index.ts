// Profile registry: look a profile up by id. Pure.
import { codexProfile } from "./codex.js";
import type { Profile, ProfileId } from "./profile.js";
import { promptcProfile } from "./promptc.js";

export const PROFILES: { readonly [id in ProfileId]: Profile } = { codex: codexProfile, promptc: promptcProfile };
export const DEFAULT_PROFILE_ID: ProfileId = "promptc";

export function isProfileId(id: string): id is ProfileId {
  return id === "codex" || id === "promptc";
}

export function getProfile(id: ProfileId = DEFAULT_PROFILE_ID): Profile {
  return PROFILES[id];
}
export type { Profile, ProfileId, RequestField, DeveloperSectionId, ContextSectionId, DiscoveryRules } from "./profile.js";
export { codexProfile } from "./codex.js";
export { promptcProfile } from "./promptc.js";
export * from "./discovery-rules.js";
export * from "./tool-declaration.js";
export { codexToolDeclarations } from "./codex-tools.js";
export { PROMPTC_TOOLS, promptcToolDeclarations, promptcToolSpecs, type PromptcToolName, type PromptcToolSpec } from "./promptc-tools.js";
export { DEFAULT_PROSE } from "./default-prose.generated.js";
