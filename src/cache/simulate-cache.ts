// simulateCache(requests): per-request cached/uncached input tokens under exact-prefix provider caching. Pure.
// Model: each request's prompt (segments) is written to a cache partitioned by model + prompt_cache_key; a later
// request in the same partition is served the longest prefix it shares with any earlier prompt, floored to the
// cache model (minimum length, block size); under a breakpoint model only up to a segment an earlier request marked
// as a cache breakpoint. Nothing expires (no TTL), which is the best case a provider offers.
import { cacheableTokens, OPENAI_CACHE_MODEL, type CacheModel } from "./cache-model.js";
import { commonTextPrefix } from "./common-text-prefix.js";
import { buildPromptSegments, cachePartition, isBreakpoint, type RequestLike } from "./prompt-segments.js";
import { createSegmentCounter, type CountTokens } from "./segment-counter.js";

export interface SimulateCacheOptions {
  countTokens?: CountTokens;
  cacheModel?: CacheModel;
}

export interface CachedRequestStats {
  index: number;
  inputTokens: number;
  /** Longest prefix (tokens) shared with an earlier request of the partition, before flooring. */
  matchedTokens: number;
  cachedTokens: number;
  uncachedTokens: number;
  /** Earlier request whose prompt gave the match, if any. */
  matchedRequest: number | null;
}

export interface SimulateCacheResult {
  requests: CachedRequestStats[];
  inputTokens: number;
  cachedTokens: number;
  uncachedTokens: number;
  /** cachedTokens / inputTokens (0 when there is no input). */
  hitRatio: number;
}

interface TrieNode {
  children: Map<string, TrieNode>;
  /** The request that first wrote this node. */
  writer: number;
  /** A cache entry ends here: some request marked this segment a breakpoint (breakpoint models only). */
  entry?: boolean;
}

export function simulateCache(
  requests: readonly RequestLike[],
  options: SimulateCacheOptions = {},
): SimulateCacheResult {
  const counter = createSegmentCounter(options.countTokens);
  const model = options.cacheModel ?? OPENAI_CACHE_MODEL;
  const roots = new Map<string, TrieNode>();
  const stats: CachedRequestStats[] = [];
  requests.forEach((request, index) => {
    const partition = cachePartition(request);
    let root = roots.get(partition);
    if (!root) {
      root = { children: new Map(), writer: index };
      roots.set(partition, root);
    }
    const segments = buildPromptSegments(request);
    let node = root;
    let matched = 0;
    let matchedRequest: number | null = null;
    let k = 0;
    const breakpoints = model.reuse === "breakpoints";
    const path: TrieNode[] = [];
    // Under a breakpoint model a hit ends at the deepest entry on the shared path, never inside a segment.
    let served = 0;
    for (; k < segments.length; k++) {
      const next = node.children.get(segments[k]!.text);
      if (!next) break;
      matched += counter.count(segments[k]!.text);
      if (!breakpoints || next.entry) {
        matchedRequest = next.writer;
        served = matched;
      }
      node = next;
      path.push(node);
    }
    if (breakpoints) matched = served;
    if (!breakpoints && k < segments.length && node.children.size > 0) {
      // Partial match inside the divergent segment: the best sibling wins.
      const text = segments[k]!.text;
      let best = 0;
      let bestWriter: number | null = null;
      for (const [sibling, child] of node.children) {
        const chars = commonTextPrefix(text, sibling);
        const tokens = counter.countPrefix(text, chars);
        if (tokens > best) {
          best = tokens;
          bestWriter = child.writer;
        }
      }
      matched += best;
      if (bestWriter !== null) matchedRequest = bestWriter;
    }
    // Write this prompt's remaining segments.
    for (; k < segments.length; k++) {
      const child: TrieNode = { children: new Map(), writer: index };
      node.children.set(segments[k]!.text, child);
      node = child;
      path.push(node);
    }
    // The entries this request writes: its marked segments (a breakpoint model caches nothing else).
    if (breakpoints)
      segments.forEach((s, i) => {
        if (isBreakpoint(s, request.cacheBreakpoints)) path[i]!.entry = true;
      });
    const inputTokens = segments.reduce((sum, s) => sum + counter.count(s.text), 0);
    const cachedTokens = cacheableTokens(matched, model);
    stats.push({
      index,
      inputTokens,
      matchedTokens: matched,
      cachedTokens,
      uncachedTokens: inputTokens - cachedTokens,
      matchedRequest: matched > 0 ? matchedRequest : null,
    });
  });
  const inputTokens = stats.reduce((s, r) => s + r.inputTokens, 0);
  const cachedTokens = stats.reduce((s, r) => s + r.cachedTokens, 0);
  return {
    requests: stats,
    inputTokens,
    cachedTokens,
    uncachedTokens: inputTokens - cachedTokens,
    hitRatio: inputTokens === 0 ? 0 : cachedTokens / inputTokens,
  };
}
