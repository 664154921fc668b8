// Context windows of the models promptc knows, as Codex's bundled catalogue states them. Pure.
// Unknown slugs get Codex's fallback metadata (272,000 tokens).

export interface ModelContextWindow {
  /** Tokens the model accepts. */
  tokens: number;
  /** Where the number came from, for the preview's header. */
  source: "config" | "model catalogue" | "fallback";
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
