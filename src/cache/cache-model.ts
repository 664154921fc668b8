// The provider prefix-cache model: minimum cacheable length and cache block granularity. Pure.

export interface CacheModel {
  /** Prompts (and matched prefixes) shorter than this are never served from cache. */
  minCacheableTokens: number;
  /** Cached prefixes grow in blocks of this many tokens beyond the minimum. */
  blockTokens: number;
}

/** OpenAI's documented prompt caching: prefixes from 1,024 tokens, in 128-token increments. */
export const OPENAI_CACHE_MODEL: CacheModel = { minCacheableTokens: 1024, blockTokens: 128 };

/** Tokens of a matched prefix a provider would actually bill as cached. */
export function cacheableTokens(prefixTokens: number, model: CacheModel = OPENAI_CACHE_MODEL): number {
  if (prefixTokens < model.minCacheableTokens || prefixTokens <= 0) return 0;
  const block = Math.max(1, model.blockTokens);
  return model.minCacheableTokens + Math.floor((prefixTokens - model.minCacheableTokens) / block) * block;
}
