// Name ordering shared by the hosts: compare strings by Unicode code point, which equals UTF-8 byte order.
// Pure.

/** Code-point comparison (= UTF-8 byte order), unlike `<` on UTF-16 units for astral characters. */
export function compareByteOrder(a: string, b: string): number {
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
