// The auto-compaction threshold and the effective context window, with Codex's unknown-window rules. Pure.

/** Codex compacts at 90% of the model's context window (integer arithmetic). */
export const AUTO_COMPACT_WINDOW_PERCENT = 90;
/** The "effective" window Codex shows and trims remote compaction to: 95% of the context window. */
export const EFFECTIVE_CONTEXT_WINDOW_PERCENT = 95;

export interface AutoCompactLimitOptions {
  /** Model context window in tokens; undefined when unknown. */
  contextWindow?: number;
  /** `model_auto_compact_token_limit` from config, in tokens. */
  configLimit?: number;
}

/**
 * min(config limit, 90% of the window). Unknown window → the config limit; neither known → undefined,
 * which means "never compact automatically".
 */
export function autoCompactLimit(options: AutoCompactLimitOptions): number | undefined {
  const { contextWindow, configLimit } = options;
  if (contextWindow === undefined) return configLimit;
  const ninety = Math.floor((contextWindow * AUTO_COMPACT_WINDOW_PERCENT) / 100);
  return configLimit === undefined ? ninety : Math.min(configLimit, ninety);
}

/** `context_window × percent / 100` (default 95%); undefined when the window is unknown. */
export function effectiveContextWindow(
  contextWindow: number | undefined,
  percent = EFFECTIVE_CONTEXT_WINDOW_PERCENT,
): number | undefined {
  return contextWindow === undefined ? undefined : Math.floor((contextWindow * percent) / 100);
}
