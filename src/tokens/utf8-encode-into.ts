// UTF-8 encoding of a string into a reusable byte buffer, as TextEncoder does (a lone surrogate becomes
// U+FFFD). Pure.

/** Worst case: 3 bytes per UTF-16 unit (a surrogate pair is 2 units for 4 bytes). */
export const MAX_UTF8_BYTES_PER_UNIT = 3;

/** Write `text` into `out` (at least text.length * 3 bytes) and return the byte length. */
export function utf8EncodeInto(text: string, out: Uint8Array): number {
  let n = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
    } else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const low = i + 1 < length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        i++;
        out[n++] = 0xf0 | (c >> 18);
        out[n++] = 0x80 | ((c >> 12) & 0x3f);
        out[n++] = 0x80 | ((c >> 6) & 0x3f);
        out[n++] = 0x80 | (c & 0x3f);
      } else {
        out[n++] = 0xef;
        out[n++] = 0xbf;
        out[n++] = 0xbd;
      }
    } else {
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    }
  }
  return n;
}
