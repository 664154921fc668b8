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

/** The letter and number classes the patterns use, spelled for Unicode (`u` flag) or for ASCII only. */
interface CharClasses {
  /** Class bodies (inside `[...]`). */
  L: string;
  N: string;
  /** o200k's upper-ish and lower-ish letter classes (marks count as both). */
  UPPER: string;
  LOWER: string;
  /** A number character as a standalone atom. */
  NUMBER: string;
}

const UNICODE_CLASSES: CharClasses = {
  L: "\\p{L}",
  N: "\\p{N}",
  UPPER: "\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}",
  LOWER: "\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}",
  NUMBER: "\\p{N}",
};
const ASCII_CLASSES: CharClasses = { L: "A-Za-z", N: "0-9", UPPER: "A-Z", LOWER: "a-z", NUMBER: "[0-9]" };

function o200kParts(c: CharClasses): string[] {
  return [
    `[^\\r\\n${c.L}${c.N}]?[${c.UPPER}]*[${c.LOWER}]+(?:${CONTRACTION})?`,
    `[^\\r\\n${c.L}${c.N}]?[${c.UPPER}]+[${c.LOWER}]*(?:${CONTRACTION})?`,
    `${c.NUMBER}{1,3}`,
    ` ?[^${WHITESPACE}${c.L}${c.N}]+[\\r\\n/]*`,
    `${S}*[\\r\\n]+`,
    `${S}+(?!${NOT_S})`,
    `${S}+`,
  ];
}

function cl100kParts(c: CharClasses): string[] {
  return [
    CONTRACTION,
    `[^\\r\\n${c.L}${c.N}]?${c === UNICODE_CLASSES ? "\\p{L}" : `[${c.L}]`}+`,
    `${c.NUMBER}{1,3}`,
    ` ?[^${WHITESPACE}${c.L}${c.N}]+[\\r\\n]*`,
    `${S}*[\\r\\n]+`,
    `${S}+(?!${NOT_S})`,
    `${S}+`,
  ];
}

/** The published patterns, for a RegExp with the `u` flag. */
export const O200K_PATTERN = o200kParts(UNICODE_CLASSES).join("|");
export const CL100K_PATTERN = cl100kParts(UNICODE_CLASSES).join("|");

/**
 * The same patterns with ASCII letter/number classes, for a RegExp without `u`. They split exactly as the
 * Unicode ones on text where every character is ASCII or listed in SIMPLE_TEXT (see there), and cost no
 * Unicode-property compilation: that (ICU start-up plus a large automaton) is ~8 ms of a cold first count.
 */
export const O200K_SIMPLE_PATTERN = o200kParts(ASCII_CLASSES).join("|");
export const CL100K_SIMPLE_PATTERN = cl100kParts(ASCII_CLASSES).join("|");

/**
 * Text the simple patterns split exactly as the Unicode ones: ASCII, plus BMP characters that are neither
 * letters, numbers nor marks (a test checks every one against \p{L}, \p{N}, \p{M}): Latin-1 punctuation and
 * symbols, General Punctuation (dashes, quotes, bullets, spaces), arrows, math operators, technical symbols,
 * box drawing, geometric shapes, miscellaneous symbols. For those the ASCII classes give the same answers:
 * the negated classes include them and the positive ones exclude them. Astral characters are excluded: without
 * `u` a surrogate pair is two units, which the one-character prefix `[^\r\n\p{L}\p{N}]?` would split.
 */
export const SIMPLE_TEXT =
  /^[\x00-\x7F\xA0-\xA9\xAB-\xB1\xB4\xB6-\xB8\xBB\xBF\xD7\xF7\u2000-\u206F\u2190-\u23FF\u2500-\u26FF]*$/;
