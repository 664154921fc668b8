// Why a simulated prefix cache served nothing, in a few words for `snapshot`'s report ("cache 0.0%" alone reads
// like a broken prefix). Pure.
import { OPENAI_CACHE_MODEL, type CacheModel } from "../../cache/cache-model.js";
import type { SimulateCacheResult } from "../../cache/simulate-cache.js";
import { formatCount } from "../../model/format-count.js";

/** The reason nothing was cached, or undefined when something was. */
export function cacheNote(
  cache: Pick<SimulateCacheResult, "requests" | "cachedTokens">,
  model: CacheModel = OPENAI_CACHE_MODEL,
): string | undefined {
  if (cache.cachedTokens > 0) return undefined;
  if (cache.requests.length <= 1) return "one request: nothing earlier to reuse";
  const longest = Math.max(0, ...cache.requests.map((r) => r.matchedTokens));
  if (longest > 0) {
    return `the longest prefix shared with an earlier turn is ${formatCount(longest)} tokens, under the provider's ${formatCount(model.minCacheableTokens)}-token caching minimum`;
  }
  return "no turn shares a prefix with an earlier one under the same model and prompt_cache_key";
}
