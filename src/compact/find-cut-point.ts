// pi 0.73.1's cut point: walking back from the newest message, the first message at which the kept estimate
// reaches `keepRecentTokens`; the cut moves forward to the next user or assistant message (never a tool result),
// so a reply's tool results stay with it. Pure.
import type { ResponseItem } from "../model/items.js";
import { estimatePiMessageTokens } from "./estimate-tokens.js";
import { groupAgentMessages } from "./group-agent-messages.js";

/** pi's default `compaction.keepRecentTokens`. */
export const PI_KEEP_RECENT_TOKENS = 20_000;
/** pi's default `compaction.reserveTokens`: it compacts once the context exceeds window − reserve. */
export const PI_RESERVE_TOKENS = 16_384;

export interface CutPoint {
  /** First kept item; items before it are summarized (from `start` on). */
  index: number;
  /** The cut is at an assistant message: the turn's start is summarized apart. */
  splitTurn: boolean;
  /** Split turn: index of the user message that started the turn, or -1. */
  turnStartIndex: number;
  /** Estimated tokens kept from the cut on. */
  keptTokens: number;
}

/**
 * The cut in `history[start…]`. With no message to cut at, or a budget the region never reaches, pi keeps the
 * region from its first message (and still writes a summary of what lies before it: nothing).
 */
export function findCutPoint(history: readonly ResponseItem[], keepRecentTokens: number, start = 0): CutPoint {
  const messages = groupAgentMessages(history.slice(start)).map((m) => ({
    ...m,
    start: m.start + start,
    end: m.end + start,
    tokens: estimatePiMessageTokens(history.slice(m.start + start, m.end + start)),
  }));
  const cuttable = messages.filter((m) => m.kind !== "output");
  let cut = cuttable[0];
  let total = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    total += messages[i]!.tokens;
    if (total >= keepRecentTokens) {
      cut = cuttable.find((m) => m.start >= messages[i]!.start) ?? cut;
      break;
    }
  }
  if (!cut) return { index: start, splitTurn: false, turnStartIndex: -1, keptTokens: 0 };
  const keptTokens = messages.filter((m) => m.start >= cut.start).reduce((n, m) => n + m.tokens, 0);
  if (cut.kind === "user") return { index: cut.start, splitTurn: false, turnStartIndex: -1, keptTokens };
  const turnStart = messages.filter((m) => m.kind === "user" && m.start < cut.start).at(-1);
  return {
    index: cut.start,
    splitTurn: turnStart !== undefined,
    turnStartIndex: turnStart?.start ?? -1,
    keptTokens,
  };
}
