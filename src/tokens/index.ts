// Token counting: exact (tiktoken-identical) and Codex's approximation. Pure.
export { countTokens, type EncodingName } from "./count.js";
export { approxTokens, approxTokensFromBytes, utf8Length, APPROX_BYTES_PER_TOKEN } from "./approx.js";
export * from "./truncate.js";
