// Memoised token counting for cache analysis: each distinct segment text is counted once per analysis.
// Pure (the memo is local to one counter).
import { countTokens } from "../tokens/index.js";

export type CountTokens = (text: string) => number;

export interface TokenCounter {
  count: CountTokens;
  /** Tokens of the first `chars` UTF-16 units of `text`, minus the one token a cut may split. */
  countPrefix: (text: string, chars: number) => number;
}

export function createTokenCounter(count: CountTokens = (t) => countTokens(t)): TokenCounter {
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
