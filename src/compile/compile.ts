// compile(turnContext, options) → { request, bytes, diagnostics, manifest }: plan → assemble → canonical JSON →
// fingerprint → manifest. Pure and deterministic: same input, same bytes.
import type { Diagnostic } from "../model/diagnostic.js";
import type { Manifest } from "../model/manifest.js";
import type { ResponsesRequest } from "../model/request.js";
import type { TurnContext } from "../model/turn-context.js";
import type { ProseSet } from "../fragments/prose-set.js";
import { bundledProse, getEnvelopeProfile } from "../profiles/index.js";
import type { Profile, ProfileId } from "../profiles/profile.js";
import { profileForModel } from "../profiles/profile-for-model.js";
import { utf8Length } from "../tokens/approx.js";
import { assembleRequest } from "./assemble.js";
import { serializeRequest } from "./canonical-json.js";
import type { CompileOptions } from "./compile-options.js";
import { fingerprintRequest } from "./fingerprint.js";
import { buildManifest } from "./build-manifest.js";
import { planTurn } from "./plan.js";

export interface CompileResult {
  request: ResponsesRequest;
  /** Exactly the bytes that would be POSTed (UTF-8 encode this string). */
  bytes: string;
  diagnostics: Diagnostic[];
  manifest: Manifest;
  /** The profile as it applied to this turn's model (its per-model variant merged in). */
  profile: Profile<"envelopes">;
}

export function resolveProfile(profile: ProfileId | Profile<"envelopes"> | undefined): Profile<"envelopes"> {
  return typeof profile === "object" ? profile : getEnvelopeProfile(profile);
}

/** The bundled prose of a profile (templates/<profile.prose.bundled>/ as generated data). */
export function defaultProse(profile: ProfileId | Profile<"envelopes">): ProseSet {
  return bundledProse(resolveProfile(profile));
}

export function compile(ctx: TurnContext, options: CompileOptions = {}): CompileResult {
  const base = resolveProfile(options.profile);
  const profile = profileForModel(base, ctx.model);
  const prose = options.prose ?? defaultProse(base);
  const plan = planTurn(ctx, profile, prose, options);
  const { request, placements } = assembleRequest(plan, ctx, options);
  const bytes = serializeRequest(request, profile);
  const fingerprint = fingerprintRequest(request, bytes);
  const manifest = buildManifest({
    profile,
    model: ctx.model,
    placements,
    // Code-mode layouts carry their tools in the `additional_tools` input item: they are the turn's tools all the same.
    tools: plan.additionalTools !== undefined ? (plan.additionalTools as typeof request.tools) : request.tools,
    toolsProse: prose.toolsOrigin,
    requestBytes: utf8Length(bytes),
    items: request.input.length,
    fingerprint,
    exactTokens: options.exactTokens !== false,
    ...(options.countTokens ? { countTokens: options.countTokens } : {}),
  });
  return { request, bytes, diagnostics: plan.diagnostics, manifest, profile };
}
