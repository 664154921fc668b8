// The loop behind compile's hashText and the token cache's contentHash64 of short or ill-formed text: two
// multiplicative 32-bit lanes over UTF-16 units. Pure. One function for both, so a run pays the engine's tier-up for
// it once.

/** Lanes `[h1, h2]` after folding every UTF-16 unit of `text` into `h1 * k1` and `h2 * k2` (32-bit, xor first). */
export function hashLanes(text: string, h1: number, h2: number, k1: number, k2: number): [number, number] {
  // As int32 once (Math.imul truncates them anyway), so the loop multiplies small integers only.
  const m1 = k1 | 0;
  const m2 = k2 | 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, m1);
    h2 = Math.imul(h2 ^ c, m2);
  }
  return [h1, h2];
}
