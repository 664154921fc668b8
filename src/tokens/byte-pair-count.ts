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
 * Heap entries carry their key (rank, node) so sifting reads only the heap arrays; per-node fields are
 * interleaved, which keeps multi-megabyte pieces cache-friendly.
 */
function heapMergeCount(tables: EncodingTables, buf: Uint8Array, length: number): number {
  // node * 3 + 0: start of the next node (length when last); + 1: previous node (-1); + 2: heap slot (-1).
  const nodes = new Int32Array(length * 3);
  const heapRank = new Int32Array(length);
  const heapNode = new Int32Array(length);
  let heapSize = 0;

  const less = (rankA: number, nodeA: number, rankB: number, nodeB: number): boolean =>
    rankA < rankB || (rankA === rankB && nodeA < nodeB);
  const put = (slot: number, rank: number, node: number): void => {
    heapRank[slot] = rank;
    heapNode[slot] = node;
    nodes[node * 3 + 2] = slot;
  };
  const siftUp = (slot: number, rank: number, node: number): void => {
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      const parentRank = heapRank[parent] as number;
      const parentNode = heapNode[parent] as number;
      if (!less(rank, node, parentRank, parentNode)) break;
      put(slot, parentRank, parentNode);
      slot = parent;
    }
    put(slot, rank, node);
  };
  const siftDown = (slot: number, rank: number, node: number): void => {
    for (;;) {
      let child = 2 * slot + 1;
      if (child >= heapSize) break;
      let childRank = heapRank[child] as number;
      let childNode = heapNode[child] as number;
      const right = child + 1;
      if (right < heapSize && less(heapRank[right] as number, heapNode[right] as number, childRank, childNode)) {
        child = right;
        childRank = heapRank[right] as number;
        childNode = heapNode[right] as number;
      }
      if (!less(childRank, childNode, rank, node)) break;
      put(slot, childRank, childNode);
      slot = child;
    }
    put(slot, rank, node);
  };
  // Put `node` at `slot` (its old entry is gone) and restore the heap order around it.
  const settle = (slot: number, rank: number, node: number): void => {
    if (slot > 0 && less(rank, node, heapRank[(slot - 1) >> 1] as number, heapNode[(slot - 1) >> 1] as number)) {
      siftUp(slot, rank, node);
    } else {
      siftDown(slot, rank, node);
    }
  };
  const remove = (node: number): void => {
    const slot = nodes[node * 3 + 2] as number;
    if (slot < 0) return;
    nodes[node * 3 + 2] = -1;
    heapSize--;
    if (slot < heapSize) settle(slot, heapRank[heapSize] as number, heapNode[heapSize] as number);
  };
  // Re-rank the pair that starts at `node` and fix its heap position.
  const update = (node: number): void => {
    const second = nodes[node * 3] as number;
    const rank = second < length ? rankOf(tables, buf, node, nodes[second * 3] as number) : NO_RANK;
    const slot = nodes[node * 3 + 2] as number;
    if (rank === NO_RANK) {
      remove(node);
    } else if (slot < 0) {
      siftUp(heapSize++, rank, node);
    } else {
      settle(slot, rank, node);
    }
  };

  for (let i = 0; i < length; i++) {
    nodes[i * 3] = i + 1;
    nodes[i * 3 + 1] = i - 1;
    nodes[i * 3 + 2] = -1;
    const rank = i + 2 <= length ? rankOf(tables, buf, i, i + 2) : NO_RANK;
    if (rank !== NO_RANK) put(heapSize++, rank, i);
  }
  // Heapify bottom-up.
  for (let slot = (heapSize >> 1) - 1; slot >= 0; slot--)
    siftDown(slot, heapRank[slot] as number, heapNode[slot] as number);

  let parts = length;
  while (heapSize > 0) {
    const node = heapNode[0] as number;
    const absorbed = nodes[node * 3] as number;
    // Merge node with its right neighbour.
    remove(absorbed);
    const after = nodes[absorbed * 3] as number;
    nodes[node * 3] = after;
    if (after < length) nodes[after * 3 + 1] = node;
    parts--;
    update(node);
    const before = nodes[node * 3 + 1] as number;
    if (before >= 0) update(before);
  }
  return parts;
}
