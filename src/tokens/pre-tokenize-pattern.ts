// The pre-tokenizer regexes of o200k_base and cl100k_base, written for JavaScript so they split exactly as
// tiktoken's Rust regex does. Pure.
//
// Two differences from a literal copy of the published patterns matter:
// - `\s`: Rust uses the Unicode White_Space property (includes U+0085 NEL, excludes U+FEFF); JavaScript's
//   `\s` is the reverse on both. We spell the Rust set out, so a BOM is not whitespace and NEL is.
// - `(?i:'s|…)`: Node 20 has no inline flags; Rust's case folding also matches `'ſ` (U+017F long s).

const WHITESPACE = "\\t-\\r \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000";
const S = `[${WHITESPACE}]`;
const NOT_S = `[^${WHITESPACE}]`;
const CONTRACTION = "'(?:[sS\\u017F]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])";

const O200K_PARTS = [
  `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?:${CONTRACTION})?`,
  `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?:${CONTRACTION})?`,
  `\\p{N}{1,3}`,
  ` ?[^${WHITESPACE}\\p{L}\\p{N}]+[\\r\\n/]*`,
  `${S}*[\\r\\n]+`,
  `${S}+(?!${NOT_S})`,
  `${S}+`,
];

const CL100K_PARTS = [
  CONTRACTION,
  `[^\\r\\n\\p{L}\\p{N}]?\\p{L}+`,
  `\\p{N}{1,3}`,
  ` ?[^${WHITESPACE}\\p{L}\\p{N}]+[\\r\\n]*`,
  `${S}*[\\r\\n]+`,
  `${S}+(?!${NOT_S})`,
  `${S}+`,
];

export const O200K_PATTERN = O200K_PARTS.join("|");
export const CL100K_PATTERN = CL100K_PARTS.join("|");
