// Test helper: js-tiktoken's own encoder (the reference the counts must equal) and a seeded string generator.
import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";
import o200k from "js-tiktoken/ranks/o200k_base";
import type { EncodingName } from "../../src/tokens/index.js";
import { seededRandom } from "../seeded-random.js";

const encoders = new Map<EncodingName, Tiktoken>();

/** js-tiktoken's ordinary count (special-token text as plain text). */
export function referenceCount(text: string, encoding: EncodingName): number {
  let enc = encoders.get(encoding);
  if (enc === undefined) {
    enc = new Tiktoken(encoding === "o200k_base" ? o200k : cl100k);
    encoders.set(encoding, enc);
  }
  return enc.encode(text, [], []).length;
}

/**
 * js-tiktoken splits with JavaScript's `\s`, which (unlike tiktoken's Rust regex) includes U+FEFF and
 * excludes U+0085, and it misses tiktoken's case-folded `'ſ`. Texts with these characters are checked
 * against recorded tiktoken values instead.
 */
export function referenceDiverges(text: string): boolean {
  return /[\u0085\uFEFF\u017F]/.test(text);
}

/** Deterministic pseudo-random strings over an alphabet of code points and short strings. */
export function seededStrings(seed: number, count: number, alphabet: readonly string[], maxParts: number): string[] {
  const next = seededRandom(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const parts = 1 + Math.floor(next() * maxParts);
    let s = "";
    for (let j = 0; j < parts; j++) s += alphabet[Math.floor(next() * alphabet.length)] ?? "";
    out.push(s);
  }
  return out;
}
