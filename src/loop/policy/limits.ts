// Harness limits as configurable constants with their clamping rules. Pure.
// Values: waiting-tool timeouts in [10 s, 1 h]; parallel tool calls capped at 16 (max 64).

export const TOOL_TIMEOUT_MIN_MS = 10_000;
export const TOOL_TIMEOUT_MAX_MS = 60 * 60_000;
export const TOOL_TIMEOUT_DEFAULT_MS = 120_000;
export const TOOL_CONCURRENCY_DEFAULT = 16;
export const TOOL_CONCURRENCY_MAX = 64;
export const MAX_STEPS_DEFAULT = 100;

export interface TimeoutBounds {
  minMs: number;
  maxMs: number;
}

export const DEFAULT_TIMEOUT_BOUNDS: TimeoutBounds = { minMs: TOOL_TIMEOUT_MIN_MS, maxMs: TOOL_TIMEOUT_MAX_MS };

/** A requested tool timeout clamped to the bounds; missing or non-finite values get the default. */
export function clampToolTimeout(
  requestedMs: number | undefined,
  bounds: TimeoutBounds = DEFAULT_TIMEOUT_BOUNDS,
  defaultMs = TOOL_TIMEOUT_DEFAULT_MS,
): number {
  const value = requestedMs === undefined || !Number.isFinite(requestedMs) ? defaultMs : requestedMs;
  return Math.min(bounds.maxMs, Math.max(bounds.minMs, Math.round(value)));
}

/** How many tool calls may run at once: default 16, at least 1, at most 64. */
export function resolveConcurrency(requested: number | undefined, max = TOOL_CONCURRENCY_MAX): number {
  if (requested === undefined || !Number.isFinite(requested)) return Math.min(TOOL_CONCURRENCY_DEFAULT, max);
  return Math.min(max, Math.max(1, Math.floor(requested)));
}
