// Exact token counting (o200k_base default, cl100k_base on request): countTokens, and createTokenCounter for a
// counter with its own memo, statistics and (optional) persistent cache, passed to whoever counts. Pure.
// Counts equal tiktoken's ordinary encoding: special-token text such as `<|endoftext|>` is plain text.
import { getBpeEncoding, isEncodingLoaded, loadedEncodings, type EncodingName } from "./bpe-encoding.js";
import { contentKey } from "./content-key.js";

export type { EncodingName } from "./bpe-encoding.js";

/** A text's token count in one fixed encoding: what analyses that count take as an option. */
export type CountTokens = (text: string) => number;

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
  /** Encodings whose tables this process has loaded (by any counter: the tables are read once, on first use). */
  encodingsLoaded: EncodingName[];
}

export interface TokenCounter {
  /** Exact count, identical to tiktoken's `encode_ordinary(text).length`. Never throws on any string. */
  count(text: string, encoding?: EncodingName): number;
  /** Counts for many texts with one encoding, in order. */
  countBatch(texts: readonly string[], encoding?: EncodingName): number[];
  /** What this counter did so far. */
  stats(): TokenCounterStats;
  /** Forget memoised counts and reset the statistics (the persistent cache is left alone). */
  clearMemo(): void;
}

export interface CreateTokenCounterOptions {
  /** Consulted after the in-memory memo, and filled with every new count. */
  cache?: TokenCountCache;
}

/**
 * Shorter texts are counted directly once their encoding is loaded (cheaper than looking up), and still kept in
 * the persistent cache; before that they are looked up like any other, so loading the tables (~8 ms) waits for a
 * text the cache does not know.
 */
export const MEMO_MIN_CHARS = 64;
/** Oldest entries are dropped beyond this; a key is ~40 bytes, so the memo stays under ~4 MB. */
export const MEMO_MAX_ENTRIES = 50_000;

/** Exact count, identical to tiktoken's `encode_ordinary(text).length`, without memo or cache. */
export function countTokens(text: string, encoding: EncodingName = "o200k_base"): number {
  return getBpeEncoding(encoding).count(text);
}

/** Counts for many texts with one encoding, in order (without memo or cache). */
export function countTokensBatch(texts: readonly string[], encoding: EncodingName = "o200k_base"): number[] {
  return texts.map((text) => countTokens(text, encoding));
}

/** A counter that memoises counts of texts of MEMO_MIN_CHARS or more, and keeps every count in `cache` when given. */
export function createTokenCounter(options: CreateTokenCounterOptions = {}): TokenCounter {
  const { cache } = options;
  const memo = new Map<string, number>();
  const stats = { counted: 0, countedChars: 0, memoHits: 0, cacheHits: 0 };

  const remember = (key: string, count: number): void => {
    if (memo.size >= MEMO_MAX_ENTRIES) {
      const oldest = memo.keys().next();
      if (oldest.done !== true) memo.delete(oldest.value);
    }
    memo.set(key, count);
  };

  const countUncached = (text: string, encoding: EncodingName): number => {
    stats.counted++;
    stats.countedChars += text.length;
    return countTokens(text, encoding);
  };

  const count = (text: string, encoding: EncodingName = "o200k_base"): number => {
    if (text.length < MEMO_MIN_CHARS) {
      if (cache === undefined) return countUncached(text, encoding);
      if (isEncodingLoaded(encoding)) {
        // Still kept: a later run that finds every text in the cache never loads the tables.
        const n = countUncached(text, encoding);
        cache.set(contentKey(text, encoding), n);
        return n;
      }
    }
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
    const n = countUncached(text, encoding);
    remember(key, n);
    cache?.set(key, n);
    return n;
  };

  return {
    count,
    countBatch: (texts, encoding = "o200k_base") => texts.map((text) => count(text, encoding)),
    stats: () => ({ ...stats, encodingsLoaded: loadedEncodings() }),
    clearMemo() {
      memo.clear();
      stats.counted = 0;
      stats.countedChars = 0;
      stats.memoHits = 0;
      stats.cacheHits = 0;
    },
  };
}
