// Local compaction's retry loop as a pure planner: what to do after each attempt, and the exact event texts. Pure.
import type { ResponseItem } from "../model/items.js";
import { removeFirstItem } from "./history-pairs.js";

// Event and warning texts Codex emits (short literal strings, reproduced so logs can be matched).
export const COMPACT_WARNING_TEXT =
  "Heads up: Long threads and multiple compactions can cause the model to be less accurate. Start a new thread when possible to keep threads small and targeted.";
export const REMOTE_COMPACT_ERROR_PREFIX = "Error running remote compact task";

export function trimmedItemsEventText(count: number): string {
  return `Trimmed ${count} older thread item(s) before compacting so the prompt fits the model context window.`;
}

export function reconnectingEventText(retries: number, maxRetries: number): string {
  return `Reconnecting... ${retries}/${maxRetries}`;
}

export interface LocalCompactAttemptState {
  /** The compaction input (history clone + compact prompt) for the next attempt. */
  input: ResponseItem[];
  /** Items removed so far because the window was exceeded. */
  truncatedCount: number;
  /** Stream retries used since the last trim. */
  retries: number;
}

export type AttemptOutcome =
  | { type: "success" }
  | { type: "context-window-exceeded" }
  | { type: "stream-error"; message: string };

export type LocalRetryPlan =
  | { action: "retry"; state: LocalCompactAttemptState; event?: string }
  | { action: "done"; events: string[] }
  | { action: "fail"; reason: "context-window-exceeded" | "stream-error"; markTokensFull: boolean; message?: string };

export function startLocalCompact(input: readonly ResponseItem[]): LocalCompactAttemptState {
  return { input: [...input], truncatedCount: 0, retries: 0 };
}

/**
 * After an attempt: trim the oldest item (with its pair) on a window error while more than one item is left,
 * retry stream errors up to `maxRetries` with a "Reconnecting" event, and on success list the events to emit.
 */
export function planLocalRetry(
  state: LocalCompactAttemptState,
  outcome: AttemptOutcome,
  maxRetries: number,
): LocalRetryPlan {
  switch (outcome.type) {
    case "success": {
      const events = state.truncatedCount > 0 ? [trimmedItemsEventText(state.truncatedCount)] : [];
      return { action: "done", events: [...events, COMPACT_WARNING_TEXT] };
    }
    case "context-window-exceeded":
      if (state.input.length <= 1) return { action: "fail", reason: "context-window-exceeded", markTokensFull: true };
      return {
        action: "retry",
        state: { input: removeFirstItem(state.input), truncatedCount: state.truncatedCount + 1, retries: 0 },
      };
    case "stream-error":
      if (state.retries >= maxRetries)
        return { action: "fail", reason: "stream-error", markTokensFull: false, message: outcome.message };
      return {
        action: "retry",
        state: { ...state, retries: state.retries + 1 },
        event: reconnectingEventText(state.retries + 1, maxRetries),
      };
    default: {
      const never: never = outcome;
      return never;
    }
  }
}
