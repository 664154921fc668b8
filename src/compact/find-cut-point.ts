// pi's cut point: keep at least N recent tokens, never cutting between a tool call and its result. Pure.
import type { ResponseItem } from "../model/items.js";
import { classifyUserMessage } from "./collect-user-messages.js";
import { estimatePiTokens } from "./estimate-tokens.js";
import { isCallItem, isOutputItem } from "./history-pairs.js";
import type { SummaryMatcher } from "./summary.js";

/** pi's default: keep this many recent (estimated) tokens verbatim. */
export const PI_KEEP_RECENT_TOKENS = 20_000;

export interface CutPoint {
  /** First kept item; items before it are summarized. 0 = nothing to summarize. */
  index: number;
  /** The cut is inside a turn (not at a real user message). */
  splitTurn: boolean;
  /** Split turn: index of the real user message that started the turn, or -1. */
  turnStartIndex: number;
  /** Estimated tokens kept from the cut on. */
  keptTokens: number;
}

// A cut at c is invalid when it separates a pair: call before c, output at or after c (or the reverse).
function blockedCuts(history: readonly ResponseItem[]): Uint8Array {
  const blocked = new Uint8Array(history.length + 1);
  const delta = new Int32Array(history.length + 2);
  const firstCall = new Map<string, number>();
  history.forEach((item, i) => {
    const key = isCallItem(item) ? `${item.type}_output:${item.call_id}` : undefined;
    if (key !== undefined && !firstCall.has(key)) firstCall.set(key, i);
  });
  history.forEach((item, j) => {
    if (!isOutputItem(item)) return;
    const i = firstCall.get(`${item.type}:${item.call_id}`) ?? -1;
    if (i < 0) return;
    const lo = Math.min(i, j);
    const hi = Math.max(i, j);
    delta[lo + 1]! += 1;
    delta[hi + 1]! -= 1;
  });
  let open = 0;
  for (let c = 0; c <= history.length; c++) {
    open += delta[c]!;
    blocked[c] = open > 0 ? 1 : 0;
  }
  return blocked;
}

function isCutCandidate(item: ResponseItem): boolean {
  return !isOutputItem(item) && item.type !== "ghost_snapshot";
}

export function findCutPoint(
  history: readonly ResponseItem[],
  keepRecentTokens: number,
  matcher: SummaryMatcher,
): CutPoint {
  const blocked = blockedCuts(history);
  let total = 0;
  let reached = -1;
  for (let i = history.length - 1; i >= 0; i--) {
    total += estimatePiTokens(history[i]!);
    if (total >= keepRecentTokens) {
      reached = i;
      break;
    }
  }
  if (reached <= 0) return { index: 0, splitTurn: false, turnStartIndex: -1, keptTokens: total };
  let cut = -1;
  for (let c = reached; c < history.length; c++) {
    if (isCutCandidate(history[c]!) && blocked[c] === 0) {
      cut = c;
      break;
    }
  }
  if (cut < 0) return { index: 0, splitTurn: false, turnStartIndex: -1, keptTokens: total };
  let keptTokens = 0;
  for (let i = cut; i < history.length; i++) keptTokens += estimatePiTokens(history[i]!);
  const splitTurn = classifyUserMessage(history[cut]!, matcher) !== "real";
  let turnStartIndex = -1;
  if (splitTurn) {
    for (let i = cut - 1; i >= 0; i--) {
      if (classifyUserMessage(history[i]!, matcher) === "real") {
        turnStartIndex = i;
        break;
      }
    }
  }
  return { index: cut, splitTurn, turnStartIndex, keptTokens };
}
