// Byte-pair merging that only counts the resulting tokens: tiktoken's merge order (lowest rank first,
// leftmost on ties), quadratic scan for short pieces, an O(n log n) indexed heap for long ones. Pure.
import { NO_RANK, rankOf, type EncodingTables } from "./encoding-tables.js";

/** Pieces longer than this (bytes) use the heap; below it the scan is faster. */
export const HEAP_MERGE_MIN_BYTES = 128;

// Scratch for the scan; grown on demand, never shrunk (pieces here are < HEAP_MERGE_MIN_BYTES).
let scanStarts = new Int32Array(HEAP_MERGE_MIN_BYTES + 2);
let scanRanks = new Int32Array(HEAP_MERGE_MIN_BYTES + 2);

/** Number of tokens the bytes buf[0, length) merge into (`heapMinBytes` is for tests). */
export function countPieceTokens(
  tables: EncodingTables,
  buf: Uint8Array,
  length: number,
  heapMinBytes = HEAP_MERGE_MIN_BYTES,
): number {
  if (length <= 1) return length;
  if (rankOf(tables, buf, 0, length) !== NO_RANK) return 1;
  return length < heapMinBytes ? scanMergeCount(tables, buf, length) : heapMergeCount(tables, buf, length);
}

// tiktoken's loop: parts are boundaries; ranks[i] is the rank of the pair starting at boundary i.
function scanMergeCount(tables: EncodingTables, buf: Uint8Array, length: number): number {
  if (scanStarts.length < length + 1) {
    scanStarts = new Int32Array(length + 1);
    scanRanks = new Int32Array(length + 1);
  }
  const starts = scanStarts;
  const ranks = scanRanks;
  let parts = length + 1;
  for (let i = 0; i < parts; i++) starts[i] = i;
  for (let i = 0; i < parts - 2; i++) ranks[i] = rankOf(tables, buf, i, i + 2);
  ranks[parts - 2] = NO_RANK;
  ranks[parts - 1] = NO_RANK;
  for (;;) {
    let best = NO_RANK;
    let at = -1;
    for (let i = 0; i < parts - 1; i++) {
      const r = ranks[i] as number;
      if (r < best) {
        best = r;
        at = i;
      }
    }
    if (at < 0) break;
    // Merge parts at and at+1: drop boundary at+1, then re-rank the pairs that changed.
    starts.copyWithin(at + 1, at + 2, parts);
    ranks.copyWithin(at + 1, at + 2, parts);
    parts--;
    ranks[at] = at + 2 < parts ? rankOf(tables, buf, starts[at] as number, starts[at + 2] as number) : NO_RANK;
    if (at > 0) ranks[at - 1] = rankOf(tables, buf, starts[at - 1] as number, starts[at + 1] as number);
  }
  return parts - 1;
}

/**
 * Same merges in O(n log n): nodes are the current parts (indexed by start byte) in a linked list; an indexed
 * min-heap keyed by (rank of the pair the node starts, start) always yields the pair tiktoken's scan would pick.
 */
function heapMergeCount(tables: EncodingTables, buf: Uint8Array, length: number): number {
  const next = new Int32Array(length);
  const prev = new Int32Array(length);
  const pairRank = new Int32Array(length);
  const heap = new Int32Array(length);
  const heapIndex = new Int32Array(length).fill(-1);
  let heapSize = 0;

  const less = (a: number, b: number): boolean => {
    const ra = pairRank[a] as number;
    const rb = pairRank[b] as number;
    return ra < rb || (ra === rb && a < b);
  };
  const place = (node: number, index: number): void => {
    heap[index] = node;
    heapIndex[node] = index;
  };
  const siftUp = (index: number): void => {
    const node = heap[index] as number;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = heap[parentIndex] as number;
      if (!less(node, parent)) break;
      place(parent, index);
      index = parentIndex;
    }
    place(node, index);
  };
  const siftDown = (index: number): void => {
    const node = heap[index] as number;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= heapSize) break;
      const right = left + 1;
      let child = left;
      if (right < heapSize && less(heap[right] as number, heap[left] as number)) child = right;
      const childNode = heap[child] as number;
      if (!less(childNode, node)) break;
      place(childNode, index);
      index = child;
    }
    place(node, index);
  };
  const remove = (node: number): void => {
    const index = heapIndex[node] as number;
    if (index < 0) return;
    heapIndex[node] = -1;
    heapSize--;
    if (index === heapSize) return;
    const moved = heap[heapSize] as number;
    place(moved, index);
    if (index > 0 && less(moved, heap[(index - 1) >> 1] as number)) siftUp(index);
    else siftDown(index);
  };
  // Re-rank the pair that starts at `node` and fix its heap position.
  const update = (node: number): void => {
    const second = next[node] as number;
    const end = second < length ? (next[second] as number) : length;
    pairRank[node] = second < length ? rankOf(tables, buf, node, end) : NO_RANK;
    if (pairRank[node] === NO_RANK) {
      remove(node);
    } else if ((heapIndex[node] as number) < 0) {
      place(node, heapSize++);
      siftUp(heapSize - 1);
    } else {
      const index = heapIndex[node] as number;
      siftUp(index);
      siftDown(heapIndex[node] as number);
    }
  };

  for (let i = 0; i < length; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
    pairRank[i] = i + 2 <= length ? rankOf(tables, buf, i, i + 2) : NO_RANK;
    if (pairRank[i] !== NO_RANK) {
      heap[heapSize] = i;
      heapIndex[i] = heapSize;
      heapSize++;
    }
  }
  // Heapify bottom-up.
  for (let i = (heapSize >> 1) - 1; i >= 0; i--) siftDown(i);

  let parts = length;
  while (heapSize > 0) {
    const node = heap[0] as number;
    const absorbed = next[node] as number;
    // Merge node with its right neighbour.
    remove(absorbed);
    const after = next[absorbed] as number;
    next[node] = after;
    if (after < length) prev[after] = node;
    parts--;
    update(node);
    const before = prev[node] as number;
    if (before >= 0) update(before);
  }
  return parts;
}
