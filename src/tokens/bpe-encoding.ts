// One loaded BPE encoding: split text with the pre-tokenizer, count each piece's tokens. Pure.
// Loaded lazily per encoding from the generated data modules; nothing is decoded until the first count.
import { countPieceTokens } from "./byte-pair-count.js";
import type { EncodingTables } from "./encoding-tables.js";
import { loadEncodingTables, type EncodingName } from "./encoding-source.js";
import {
  CL100K_PATTERN,
  CL100K_SIMPLE_PATTERN,
  O200K_PATTERN,
  O200K_SIMPLE_PATTERN,
  SIMPLE_TEXT,
} from "./pre-tokenize-pattern.js";
import { MAX_UTF8_BYTES_PER_UNIT, utf8EncodeInto } from "./utf8-encode-into.js";

export type { EncodingName } from "./encoding-source.js";

export const ENCODING_NAMES: readonly EncodingName[] = ["o200k_base", "cl100k_base"];

const PATTERNS: { readonly [name in EncodingName]: { unicode: string; simple: string } } = {
  o200k_base: { unicode: O200K_PATTERN, simple: O200K_SIMPLE_PATTERN },
  cl100k_base: { unicode: CL100K_PATTERN, simple: CL100K_SIMPLE_PATTERN },
};

/** Pieces up to this many UTF-16 units that needed merging are remembered (words repeat a lot). */
const PIECE_MEMO_MAX_CHARS = 32;
/** The piece memo is cleared when it reaches this many entries, which bounds its memory (~5 MB). */
const PIECE_MEMO_MAX_ENTRIES = 50_000;

export interface BpeEncoding {
  name: EncodingName;
  /** Exact token count of `text` in ordinary mode (special-token text is plain text). */
  count(text: string): number;
}

function createBpeEncoding(
  name: EncodingName,
  tables: EncodingTables,
  patterns: { unicode: string; simple: string },
): BpeEncoding {
  // The Unicode splitter is compiled only for text that needs it (see SIMPLE_TEXT); both split alike elsewhere.
  const simpleSplitter = new RegExp(patterns.simple, "g");
  let unicodeSplitter: RegExp | undefined;
  const pieceMemo = new Map<string, number>();
  let scratch = new Uint8Array(1024);

  const countPiece = (piece: string): number => {
    const memoable = piece.length <= PIECE_MEMO_MAX_CHARS;
    if (memoable) {
      const known = pieceMemo.get(piece);
      if (known !== undefined) return known;
    }
    if (scratch.length < piece.length * MAX_UTF8_BYTES_PER_UNIT) {
      scratch = new Uint8Array(piece.length * MAX_UTF8_BYTES_PER_UNIT);
    }
    const n = countPieceTokens(tables, scratch, utf8EncodeInto(piece, scratch));
    if (memoable && n > 1) {
      if (pieceMemo.size >= PIECE_MEMO_MAX_ENTRIES) pieceMemo.clear();
      pieceMemo.set(piece, n);
    }
    return n;
  };

  return {
    name,
    count(text: string): number {
      let total = 0;
      const splitter = SIMPLE_TEXT.test(text)
        ? simpleSplitter
        : (unicodeSplitter ??= new RegExp(patterns.unicode, "gu"));
      splitter.lastIndex = 0;
      for (let match = splitter.exec(text); match !== null; match = splitter.exec(text)) {
        total += countPiece(match[0]);
      }
      return total;
    },
  };
}

const loaded = new Map<EncodingName, BpeEncoding>();

/** The encoding, built on first use (see encoding-source.ts for where its tables come from). */
export function getBpeEncoding(name: EncodingName): BpeEncoding {
  let encoding = loaded.get(name);
  if (encoding === undefined) {
    encoding = createBpeEncoding(name, loadEncodingTables(name), PATTERNS[name]);
    loaded.set(name, encoding);
  }
  return encoding;
}

/** Whether the encoding's tables are loaded already (counting with it costs no table load). */
export function isEncodingLoaded(name: EncodingName): boolean {
  return loaded.has(name);
}

export function loadedEncodings(): EncodingName[] {
  return [...loaded.keys()];
}
