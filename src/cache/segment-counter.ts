// Memoised token counting for cache analysis: each distinct segment text is counted once per analysis.
// Pure (the memo is local to one counter).
import { countTokens, type CountTokens } from "../tokens/count.js";

export type { CountTokens } from "../tokens/count.js";

export interface SegmentCounter {
  count: CountTokens;
  /** Tokens of the first `chars` UTF-16 units of `text`, minus the one token a cut may split. */
  countPrefix: (text: string, chars: number) => number;
}

export function createSegmentCounter(count: CountTokens = (t) => countTokens(t)): SegmentCounter {
  const memo = new Map<string, number>();
  const counted = (text: string): number => {
    let n = memo.get(text);
    if (n === undefined) {
      n = count(text);
      memo.set(text, n);
    }
    return n;
  };
  return {
    count: counted,
    countPrefix: (text, chars) => (chars <= 0 ? 0 : Math.max(0, count(text.slice(0, chars)) - 1)),
  };
}
