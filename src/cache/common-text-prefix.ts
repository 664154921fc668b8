// Length of the common prefix of two strings, never splitting a surrogate pair, and its UTF-8 size. Pure.
import { utf8Length } from "../tokens/index.js";

export function commonTextPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  // Compare in chunks first: long identical prefixes are the common case.
  const CHUNK_CHARS = 4096;
  while (i + CHUNK_CHARS <= max && a.slice(i, i + CHUNK_CHARS) === b.slice(i, i + CHUNK_CHARS)) i += CHUNK_CHARS;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i > 0 && i < max) {
    const prev = a.charCodeAt(i - 1);
    if (prev >= 0xd800 && prev <= 0xdbff) i--;
  }
  return i;
}

export function prefixBytes(text: string, chars: number): number {
  return utf8Length(text.slice(0, chars));
}
