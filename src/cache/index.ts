// Cache analysis: common prefix of two requests, first divergence with cause, provider cache simulation. Pure.
export { cacheableTokens, OPENAI_CACHE_MODEL, type CacheModel } from "./cache-model.js";
export {
  commonPrefix,
  explainPrefix,
  type CommonPrefixResult,
  type ParameterChange,
  type PrefixOptions,
} from "./common-prefix.js";
export type { Divergence, DivergenceCause } from "./divergence.js";
export { labelItem, leadingTag } from "./label-item.js";
export { parseRequest, REQUEST_PROBLEMS_MAX, type ParseRequestResult } from "./parse-request.js";
export {
  buildPromptSegments,
  cachePartition,
  PARAMETER_FIELDS,
  type PromptSegment,
  type RequestLike,
  type SegmentKind,
} from "./prompt-segments.js";
export {
  simulateCache,
  type CachedRequestStats,
  type SimulateCacheOptions,
  type SimulateCacheResult,
} from "./simulate-cache.js";
