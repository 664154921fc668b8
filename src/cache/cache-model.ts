// The provider prefix-cache models — minimum cacheable length, cache block granularity and what a later request can
// reuse (any prefix of an earlier prompt, or only up to a cache breakpoint an earlier request wrote) — and which one
// serves each wire format. Pure.
import type { PostedWireFormatId } from "../model/wire-format.js";

export interface CacheModel {
  /** Prompts (and matched prefixes) shorter than this are never served from cache. */
  minCacheableTokens: number;
  /** Cached prefixes grow in blocks of this many tokens beyond the minimum. */
  blockTokens: number;
  /**
   * `any-prefix` (default): the longest prefix shared with an earlier prompt (OpenAI's, Gemini's implicit caching);
   * `breakpoints`: only a prefix that ends at a cache breakpoint (`cache_control`) of an earlier request (Anthropic).
   */
  reuse?: "any-prefix" | "breakpoints";
}

/** OpenAI's documented prompt caching: prefixes from 1,024 tokens, in 128-token increments. */
export const OPENAI_CACHE_MODEL: CacheModel = { minCacheableTokens: 1024, blockTokens: 128 };

/**
 * Anthropic's prompt caching: what an earlier request marked with `cache_control` is written, and read back only up
 * to such a mark; 1,024 tokens is the floor documented for its Sonnet and Opus models (some models take more).
 */
export const ANTHROPIC_CACHE_MODEL: CacheModel = { minCacheableTokens: 1024, blockTokens: 1, reuse: "breakpoints" };

/** Gemini's implicit caching: any shared prefix, from 4,096 tokens (Gemini 3.1 Pro's minimum; no block size stated). */
export const GEMINI_IMPLICIT_CACHE_MODEL: CacheModel = { minCacheableTokens: 4096, blockTokens: 1 };

const BY_WIRE: { readonly [wire in PostedWireFormatId]: CacheModel } = {
  "openai-responses": OPENAI_CACHE_MODEL,
  "openai-chat-completions": OPENAI_CACHE_MODEL,
  "anthropic-messages": ANTHROPIC_CACHE_MODEL,
  "gemini-generate-content": GEMINI_IMPLICIT_CACHE_MODEL,
};

/** The cache model of the provider a body in `wire` is posted to. */
export function cacheModelFor(wire: PostedWireFormatId): CacheModel {
  return BY_WIRE[wire];
}

/** Tokens of a matched prefix a provider would actually bill as cached. */
export function cacheableTokens(prefixTokens: number, model: CacheModel = OPENAI_CACHE_MODEL): number {
  if (prefixTokens < model.minCacheableTokens || prefixTokens <= 0) return 0;
  const block = Math.max(1, model.blockTokens);
  return model.minCacheableTokens + Math.floor((prefixTokens - model.minCacheableTokens) / block) * block;
}
