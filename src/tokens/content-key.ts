// Cache key for a counted text: encoding, UTF-16 length and a 64-bit non-cryptographic hash. Pure.
// Two independently seeded multiplicative lanes over UTF-16 units (~1 ms per MiB once warm); the length
// and the encoding are part of the key, so a false hit needs a 64-bit collision between equal-length texts.
import { hashLanes } from "./hash-lanes.js";

function hex32(n: number): string {
  return (n >>> 0).toString(16).padStart(8, "0");
}

/** 64-bit hash of `text` as 16 hex digits. */
export function contentHash64(text: string): string {
  let [h1, h2] = hashLanes(text, 0xdeadbeef ^ text.length, 0x41c6ce57 ^ text.length, 0x9e3779b1, 0x5bd1e995);
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0x85ebca6b) ^ Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35);
  h1 ^= h1 >>> 16;
  h2 ^= h2 >>> 16;
  return hex32(h1) + hex32(h2);
}

/** `<encoding>:<length>:<hash>` — the memo and disk-cache key of a count. */
export function contentKey(text: string, encoding: string): string {
  return `${encoding}:${text.length}:${contentHash64(text)}`;
}
