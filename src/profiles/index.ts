// Profile registry: every profile promptc ships, looked up by id, and its bundled prose. Pure.
import type { ProseSet } from "../fragments/prose-set.js";
import { claudeCodeProfile } from "./claude-code/index.js";
import { codexProfile } from "./codex.js";
import { copilotProfile } from "./copilot/index.js";
import { DEFAULT_PROSE } from "./default-prose.generated.js";
import { geminiCliProfile } from "./gemini-cli/index.js";
import { piProfile } from "./pi/index.js";
import type { Profile, ProfileId } from "./profile.js";
import { hasEnvelopeLayout } from "./profile-for-model.js";
import { promptcProfile } from "./promptc.js";

/** The profiles promptc ships, in the order help texts list them; add a new harness here. */
export const PROFILE_LIST: readonly Profile[] = [
  codexProfile,
  promptcProfile,
  claudeCodeProfile,
  geminiCliProfile,
  piProfile,
  copilotProfile,
];

export const PROFILES: { readonly [id: ProfileId]: Profile } = Object.fromEntries(PROFILE_LIST.map((p) => [p.id, p]));
export const PROFILE_IDS: readonly ProfileId[] = PROFILE_LIST.map((p) => p.id);
export const DEFAULT_PROFILE_ID: ProfileId = promptcProfile.id;

export function isProfileId(id: string): id is ProfileId {
  return Object.hasOwn(PROFILES, id);
}

/** The profile named `id`, or undefined. */
export function findProfile(id: string): Profile | undefined {
  return isProfileId(id) ? PROFILES[id] : undefined;
}

/** The profile named `id`; an unknown id is a programmer error (check user input with isProfileId first). */
export function getProfile(id: ProfileId = DEFAULT_PROFILE_ID): Profile {
  const p = findProfile(id);
  if (!p) throw new Error(`unknown profile ${id} (known: ${PROFILE_IDS.join(", ")})`);
  return p;
}

/** The ids of the profiles promptc lays out as envelopes (the ones scenarios, sessions and `run` compile). */
export const ENVELOPE_PROFILE_IDS: readonly ProfileId[] = PROFILE_LIST.filter(hasEnvelopeLayout).map((p) => p.id);

/** The profile named `id`, one promptc lays out as envelopes; any other is a programmer error (check with hasEnvelopeLayout). */
export function getEnvelopeProfile(id: ProfileId = DEFAULT_PROFILE_ID): Profile<"envelopes"> {
  const p = getProfile(id);
  if (!hasEnvelopeLayout(p)) throw new Error(`profile ${id} is laid out by its harness, not as envelopes`);
  return p;
}

/** "codex, promptc or pi"-style list of ids (default: every profile), for help and error texts. */
export function profileIdList(conjunction = "or", ids: readonly ProfileId[] = PROFILE_IDS): string {
  return ids.length < 2 ? ids.join("") : `${ids.slice(0, -1).join(", ")} ${conjunction} ${ids.at(-1)}`;
}

/** The bundled prose a profile renders by default (templates/<prose.bundled>/ as generated data). */
export function bundledProse(profile: Profile<"envelopes">): ProseSet {
  const p = DEFAULT_PROSE[profile.prose.bundled];
  if (!p) throw new Error(`no bundled prose ${profile.prose.bundled} for profile ${profile.id}`);
  return p;
}

export type {
  Profile,
  ProfileId,
  ProfileVariant,
  RequestField,
  RequestSettings,
  DeveloperSectionId,
  ContextSectionId,
  BuiltinSectionId,
  CustomSection,
  SectionInput,
  SectionRef,
  Envelope,
  Layout,
  LayoutType,
  EnvelopeLayout,
  BodyLayout,
  BuiltBody,
  TokenizerRules,
  DiscoveryRules,
  HarnessDiscovery,
  TurnContextDiscovery,
  SessionBehaviour,
  EnvironmentDiffRules,
  WireFormat,
  WireFormatId,
  EnvelopeWire,
  BodyWire,
  EnvelopeWireFormatId,
  PostedWireFormatId,
  ToolSet,
  ProseSlots,
} from "./profile.js";
export { profileForModel, layoutHasSection, hasEnvelopeLayout } from "./profile-for-model.js";
export { claudeCodeProfile } from "./claude-code/index.js";
export { geminiCliProfile } from "./gemini-cli/index.js";
export { piProfile } from "./pi/index.js";
export { codexProfile } from "./codex.js";
export { promptcProfile } from "./promptc.js";
export * from "./discovery-rules.js";
export * from "./tool-declaration.js";
export { codexToolDeclarations } from "./codex-tools.js";
export {
  PROMPTC_TOOLS,
  promptcToolDeclarations,
  promptcToolSpecs,
  type PromptcToolName,
  type PromptcToolSpec,
} from "./promptc-tools.js";
export { DEFAULT_PROSE } from "./default-prose.generated.js";
