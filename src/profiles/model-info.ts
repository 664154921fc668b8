// Context windows of the models promptc knows: the per-model profile's (from Codex's catalogue), else the
// config's, else Codex's fallback metadata (272,000 tokens). Pure.
import type { Profile } from "./profile.js";
import { profileForModel } from "./profile-for-model.js";

export interface ModelContextWindow {
  /** Tokens the model accepts. */
  tokens: number;
  /** Where the number came from, for the preview's header. */
  source: "config" | "model catalogue" | "fallback" | "profile";
}

/** Codex's fallback for slugs it does not know (`model_info_from_slug`). */
export const FALLBACK_CONTEXT_WINDOW_TOKENS = 272_000;
const GPT_OSS_CONTEXT_WINDOW_TOKENS = 128_000;

export function modelContextWindow(model: string, configured?: number): ModelContextWindow {
  if (configured !== undefined && configured > 0) return { tokens: configured, source: "config" };
  if (/^gpt-oss/.test(model)) return { tokens: GPT_OSS_CONTEXT_WINDOW_TOKENS, source: "model catalogue" };
  if (/^gpt-5/.test(model)) return { tokens: FALLBACK_CONTEXT_WINDOW_TOKENS, source: "model catalogue" };
  return { tokens: FALLBACK_CONTEXT_WINDOW_TOKENS, source: "fallback" };
}

/** The window a turn runs with: config `model_context_window`, else the profile's model (catalogue), else by slug. */
export function profileContextWindow(
  profile: Profile<"envelopes">,
  model: string,
  configured?: number,
): ModelContextWindow {
  if (configured !== undefined && configured > 0) return { tokens: configured, source: "config" };
  const w = profileForModel(profile, model).window;
  if (w !== undefined) return { tokens: w.tokens, source: w.source };
  return modelContextWindow(model, configured);
}
