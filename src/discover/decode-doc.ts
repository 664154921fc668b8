// Decoding a budgeted byte prefix of a project doc: Codex's lossy UTF-8 (U+FFFD per maximal invalid subpart,
// like Rust's from_utf8_lossy) or promptc's cut back to a character boundary. Pure.
import type { DecodeMode } from "../model/decode-mode.js";

export type { DecodeMode };

export interface DecodedDoc {
  text: string;
  /** Bytes whose decoded text is kept (char-boundary mode may drop up to 3 bytes of a split character). */
  keptBytes: number;
  /** The cut fell inside a multi-byte character. */
  splitCharacter: boolean;
  /** Invalid UTF-8 somewhere other than a split at the cut (each maximal subpart became U+FFFD). */
  invalidUtf8: boolean;
  /** Contains NUL bytes: most likely a binary file. */
  hasNul: boolean;
  /** Starts with the UTF-8 byte-order mark EF BB BF (kept as U+FEFF, as Codex does). */
  hasBom: boolean;
  /** Contains CRLF line ends (kept as is). */
  hasCrlf: boolean;
}

// ignoreBOM: true keeps a leading U+FEFF, as Rust does; the default would silently drop it.
const lossy = new TextDecoder("utf-8", { ignoreBOM: true });
const strict = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });

/** Length of an incomplete multi-byte sequence at the end of `bytes` (0 when the end is a boundary). */
export function incompleteTailLength(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const b = bytes[n - back] as number;
    if (b >= 0x80 && b <= 0xbf) continue; // continuation byte: keep looking for the lead
    const need = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xc2 && b <= 0xdf ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

function decodeLossy(bytes: Uint8Array): { text: string; invalid: boolean } {
  try {
    return { text: strict.decode(bytes), invalid: false };
  } catch {
    return { text: lossy.decode(bytes), invalid: true };
  }
}

/** Decodes `bytes`; `truncated` says the read stopped at the budget, so the tail may split a character. */
export function decodeDocBytes(bytes: Uint8Array, mode: DecodeMode, truncated: boolean): DecodedDoc {
  const tail = truncated ? incompleteTailLength(bytes) : 0;
  const body = tail > 0 ? bytes.subarray(0, bytes.length - tail) : bytes;
  let text: string;
  let invalidUtf8: boolean;
  let keptBytes = bytes.length;
  switch (mode) {
    case "lossy": {
      const whole = decodeLossy(bytes);
      text = whole.text;
      // A split tail alone is not "invalid": judge validity on the body.
      invalidUtf8 = tail > 0 ? decodeLossy(body).invalid : whole.invalid;
      break;
    }
    case "char-boundary": {
      const decoded = decodeLossy(body);
      text = decoded.text;
      invalidUtf8 = decoded.invalid;
      keptBytes = body.length;
      break;
    }
    default: {
      const never: never = mode;
      throw new Error(`unknown decode mode ${String(never)}`);
    }
  }
  return {
    text,
    keptBytes,
    splitCharacter: tail > 0,
    invalidUtf8,
    hasNul: bytes.includes(0),
    hasBom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf,
    hasCrlf: text.includes("\r\n"),
  };
}
