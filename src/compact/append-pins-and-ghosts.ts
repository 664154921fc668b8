// The tail every compaction strategy ends with: re-emitted pinned blocks, then ghost snapshots. Pure.
import type { ResponseItem } from "../model/items.js";

/** Append pins and ghosts after `history` and record where they landed. */
export function appendPinsAndGhosts(
  history: readonly ResponseItem[],
  pinned: readonly ResponseItem[],
  ghosts: readonly ResponseItem[],
): { history: ResponseItem[]; pinnedIndexes: number[]; ghostIndexes: number[] } {
  const out = [...history, ...pinned, ...ghosts];
  const pinnedIndexes = pinned.map((_, i) => history.length + i);
  const ghostIndexes = ghosts.map((_, i) => history.length + pinned.length + i);
  return { history: out, pinnedIndexes, ghostIndexes };
}
