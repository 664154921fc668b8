// Exact token counting (o200k_base default, cl100k_base on request), memoised by content key. Pure.
// Counts equal tiktoken's ordinary encoding: special-token text such as `<|endoftext|>` is plain text.
import { getBpeEncoding, loadedEncodings, type EncodingName } from "./bpe-encoding.js";
import { contentKey } from "./content-key.js";

export type { EncodingName } from "./bpe-encoding.js";

/** A persistent count store (e.g. on disk, see src/host/token-cache.ts); keys come from contentKey(). */
export interface TokenCountCache {
  get(key: string): number | undefined;
  set(key: string, count: number): void;
}

export interface TokenCounterStats {
  /** Texts actually tokenized, and their UTF-16 length. */
  counted: number;
  countedChars: number;
  memoHits: number;
  cacheHits: number;
  encodingsLoaded: EncodingName[];
}

/** Shorter texts are counted directly: cheaper than hashing and looking up. */
export const MEMO_MIN_CHARS = 64;
/** Oldest entries are dropped beyond this; a key is ~40 bytes, so the memo stays under ~4 MB. */
export const MEMO_MAX_ENTRIES = 50_000;

const memo = new Map<string, number>();
let cache: TokenCountCache | undefined;
const stats = { counted: 0, countedChars: 0, memoHits: 0, cacheHits: 0 };

/** Install (or remove with undefined) the persistent cache consulted after the in-memory memo. */
export function setTokenCountCache(next: TokenCountCache | undefined): void {
  cache = next;
}

/** Forget memoised counts and reset the statistics (the persistent cache is left alone). */
export function clearTokenCountMemo(): void {
  memo.clear();
  stats.counted = 0;
  stats.countedChars = 0;
  stats.memoHits = 0;
  stats.cacheHits = 0;
}

export function tokenCounterStats(): TokenCounterStats {
  return { ...stats, encodingsLoaded: loadedEncodings() };
}

function remember(key: string, count: number): void {
  if (memo.size >= MEMO_MAX_ENTRIES) {
    const oldest = memo.keys().next();
    if (oldest.done !== true) memo.delete(oldest.value);
  }
  memo.set(key, count);
}

function countUncached(text: string, encoding: EncodingName): number {
  stats.counted++;
  stats.countedChars += text.length;
  return getBpeEncoding(encoding).count(text);
}

/** Exact count, identical to tiktoken's `encode_ordinary(text).length`. Never throws on any string. */
export function countTokens(text: string, encoding: EncodingName = "o200k_base"): number {
  if (text.length < MEMO_MIN_CHARS) return countUncached(text, encoding);
  const key = contentKey(text, encoding);
  const known = memo.get(key);
  if (known !== undefined) {
    stats.memoHits++;
    return known;
  }
  const stored = cache?.get(key);
  if (stored !== undefined) {
    stats.cacheHits++;
    remember(key, stored);
    return stored;
  }
  const count = countUncached(text, encoding);
  remember(key, count);
  cache?.set(key, count);
  return count;
}

/** Counts for many texts with one encoding, in order. */
export function countTokensBatch(texts: readonly string[], encoding: EncodingName = "o200k_base"): number[] {
  return texts.map((text) => countTokens(text, encoding));
}
