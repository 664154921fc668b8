// Name ordering shared by the hosts: compare strings by Unicode code point, which equals UTF-8 byte order.
// Pure.

const isSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdfff;

/**
 * Code-point comparison (= UTF-8 byte order), unlike `<` on UTF-16 units for astral characters. Walks UTF-16
 * units without an iterator (this runs for every directory entry and skill, mostly before the JIT warms up):
 * below the first surrogate, unit order is code-point order; from a differing surrogate on, code points decide.
 */
export function compareByteOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (!isSurrogate(x) && !isSurrogate(y)) return x - y;
    // Back up to the start of a pair shared up to here, then compare by code points.
    const start = i > 0 && isSurrogate(a.charCodeAt(i - 1)) ? i - 1 : i;
    return compareCodePoints(a.slice(start), b.slice(start));
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done) return y.done ? 0 : -1;
    if (y.done) return 1;
    const cx = x.value.codePointAt(0) ?? 0;
    const cy = y.value.codePointAt(0) ?? 0;
    if (cx !== cy) return cx - cy;
  }
}
