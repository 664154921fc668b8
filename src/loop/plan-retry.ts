// Retry planning for model requests: exponential backoff with jitter, honouring retry-after. Pure.
// Time and randomness come in as data (`nowMs`, `jitter`), so the plan is reproducible in tests.

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 4, baseDelayMs: 200, maxDelayMs: 60_000 };

/** A server asking for more than this is treated as a failure rather than a wait. */
export const RETRY_AFTER_MAX_MS = 5 * 60_000;

export interface RetryInput {
  /** Retries already made (0 before the first retry). */
  attempt: number;
  policy: RetryPolicy;
  /** `retry-after-ms` header. */
  retryAfterMs?: string | null;
  /** `retry-after` header: delta seconds or an HTTP date. */
  retryAfter?: string | null;
  nowMs: number;
  /** In [0, 1): spreads clients that failed together. */
  jitter: number;
}

export type RetryPlan = { retry: true; delayMs: number } | { retry: false; reason: string };

export function planRetry(input: RetryInput): RetryPlan {
  const { attempt, policy } = input;
  if (attempt >= policy.maxRetries) return { retry: false, reason: `gave up after ${policy.maxRetries} retries` };
  const asked = retryAfterDelayMs(input);
  if (asked !== undefined) {
    if (asked > RETRY_AFTER_MAX_MS)
      return { retry: false, reason: `server asked to wait ${Math.ceil(asked / 1000)} s` };
    return { retry: true, delayMs: asked };
  }
  const exponential = policy.baseDelayMs * 2 ** attempt;
  const withJitter = exponential * (0.9 + 0.2 * input.jitter);
  return { retry: true, delayMs: Math.round(Math.min(policy.maxDelayMs, withJitter)) };
}

/** The server's requested delay in ms, or undefined when it gave none we can read. */
export function retryAfterDelayMs(
  input: Pick<RetryInput, "retryAfterMs" | "retryAfter" | "nowMs">,
): number | undefined {
  const ms = input.retryAfterMs?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.ceil(Number(ms));
  const value = input.retryAfter?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const when = Date.parse(value);
  if (Number.isNaN(when)) return undefined;
  return Math.max(0, when - input.nowMs);
}
