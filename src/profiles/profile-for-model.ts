// A profile's shape for one model: the base profile with its per-model variant (if any) merged in. Pure.
import type { BuiltinSectionId, Layout, Profile, ProfileVariant } from "./profile.js";

/** The profile as it applies to `model` (the same object when the profile has no variant for it). */
export function profileForModel(profile: Profile, model: string): Profile {
  const v = profile.models?.(model);
  return v === undefined ? profile : applyProfileVariant(profile, v);
}

/** The profile with one variant merged in (a catalogue's per-model layout is such a variant). */
export function applyProfileVariant(profile: Profile, v: ProfileVariant): Profile {
  const out: Profile = {
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
export function layoutHasSection(layout: Layout, id: BuiltinSectionId): boolean {
  return layout.envelopes.some((e) => e.sections.includes(id));
}
