// A fast non-cryptographic 64-bit content hash (two 32-bit lanes over UTF-16 code units), as 16 hex digits.
// Pure JS on purpose: no node:crypto in the core.
import { hashLanes } from "../tokens/hash-lanes.js";

export function hashText(text: string, seed = 0): string {
  let [h1, h2] = hashLanes(text, 0xdeadbeef ^ seed, 0x41c6ce57 ^ seed, 2654435761, 1597334677);
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, "0") + (h1 >>> 0).toString(16).padStart(8, "0");
}

/** A UUID-shaped id derived from data (Codex sends random `msg_<uuid>` ids; promptc's are reproducible). */
export function derivedUuid(text: string): string {
  const a = hashText(text, 1);
  const b = hashText(text, 2);
  const hex = a + b;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
