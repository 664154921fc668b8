// A profile's shape for one model: the base profile with its per-model variant (if any) merged in; which layout a
// profile has. Pure.
import type { BuiltinSectionId, EnvelopeLayout, Profile, ProfileVariant } from "./profile.js";

/** Whether promptc lays the profile's request out itself (envelopes over a TurnContext), rather than its own body. */
export function hasEnvelopeLayout(profile: Profile): profile is Profile<"envelopes"> {
  return profile.layout.type === "envelopes";
}

/** The profile as it applies to `model` (the same object when the profile has no variant for it). */
export function profileForModel(profile: Profile<"envelopes">, model: string): Profile<"envelopes"> {
  const v = profile.models?.(model);
  return v === undefined ? profile : applyProfileVariant(profile, v);
}

/** The profile with one variant merged in (a catalogue's per-model layout is such a variant). */
export function applyProfileVariant(profile: Profile<"envelopes">, v: ProfileVariant): Profile<"envelopes"> {
  const out: Profile<"envelopes"> = {
    ...profile,
    layout: { ...profile.layout, ...v.layout },
    request: { ...profile.request, ...v.request },
    wire: v.wire ?? profile.wire,
    tools: { ...profile.tools, ...v.tools },
  };
  if (v.window !== undefined) out.window = v.window;
  if (v.compactionFamily !== undefined) out.compactionFamily = v.compactionFamily;
  return out;
}

/** Whether the layout's initial context renders built-in section `id`. */
export function layoutHasSection(layout: EnvelopeLayout, id: BuiltinSectionId): boolean {
  return layout.envelopes.some((e) => e.sections.includes(id));
}
