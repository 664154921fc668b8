// Token counting: exact (tiktoken-identical) and Codex's approximation. Pure.
export {
  countTokens,
  countTokensBatch,
  createTokenCounter,
  MEMO_MIN_CHARS,
  type CountTokens,
  type CreateTokenCounterOptions,
  type EncodingName,
  type TokenCountCache,
  type TokenCounter,
  type TokenCounterStats,
} from "./count.js";
export { ENCODING_NAMES } from "./bpe-encoding.js";
export { contentKey, contentHash64 } from "./content-key.js";
export { approxTokens, approxTokensFromBytes, utf8Length, APPROX_BYTES_PER_TOKEN } from "./approx.js";
export * from "./truncate.js";
