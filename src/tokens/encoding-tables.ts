// Rank tables of one BPE encoding: token bytes in rank order plus an open-addressing hash from bytes to rank.
// Pure: built from the base64 data module generated at build time (src/tokens/data/).

export interface EncodingTables {
  /** Every token's bytes, concatenated in rank order. */
  bytes: Uint8Array;
  /** Token `r` is bytes[offsets[r] .. offsets[r + 1]). */
  offsets: Uint32Array;
  /** Hash slots holding a rank, or -1 when empty; size is a power of two. */
  slots: Int32Array;
  mask: number;
  /** Longest token in bytes: a longer byte range can have no rank. */
  maxTokenBytes: number;
}

/** Rank lookups return this when the bytes are not a token. */
export const NO_RANK = 0x7fffffff;

// FNV-1a over bytes[start, end); the same function fills and probes the table.
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h ^ (h >>> 15);
}

interface Base64Decoder {
  from(text: string, encoding: "base64"): Uint8Array;
}

function decodeBase64(text: string): Uint8Array {
  // Node's Buffer decodes natively (~1.5 ms for o200k_base against ~7 ms for atob plus a copy); it is a pure
  // computation, used when present. Elsewhere atob, which gives one char per byte.
  const nodeBuffer = (globalThis as { Buffer?: Base64Decoder }).Buffer;
  if (nodeBuffer !== undefined) {
    const decoded = nodeBuffer.from(text, "base64");
    // A plain view, so lookups only ever see one array type.
    return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
  }
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Decode the generated data (per-rank lengths, then token bytes) and build the hash. */
export function buildEncodingTables(base64: string, tokenCount: number): EncodingTables {
  const raw = decodeBase64(base64);
  const offsets = new Uint32Array(tokenCount + 1);
  let position = 0;
  let maxTokenBytes = 0;
  for (let rank = 0; rank < tokenCount; rank++) {
    const length = (raw[rank] as number) + 1;
    offsets[rank] = position;
    position += length;
    if (length > maxTokenBytes) maxTokenBytes = length;
  }
  offsets[tokenCount] = position;
  const bytes = raw.subarray(tokenCount);
  if (bytes.length !== position)
    throw new Error(`encoding data is corrupt: ${bytes.length} token bytes, expected ${position}`);
  // Load factor below 0.4 keeps probe chains short.
  let size = 1;
  while (size < tokenCount * 2.5) size <<= 1;
  const slots = new Int32Array(size).fill(-1);
  const mask = size - 1;
  for (let rank = 0; rank < tokenCount; rank++) {
    let slot = hashBytes(bytes, offsets[rank] as number, offsets[rank + 1] as number) & mask;
    while (slots[slot] !== -1) slot = (slot + 1) & mask;
    slots[slot] = rank;
  }
  return { bytes, offsets, slots, mask, maxTokenBytes };
}

/** Rank of the byte string buf[start, end), or NO_RANK. */
export function rankOf(tables: EncodingTables, buf: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (length > tables.maxTokenBytes) return NO_RANK;
  const { bytes, offsets, slots, mask } = tables;
  let slot = hashBytes(buf, start, end) & mask;
  for (;;) {
    const rank = slots[slot] as number;
    if (rank < 0) return NO_RANK;
    const offset = offsets[rank] as number;
    if ((offsets[rank + 1] as number) - offset === length) {
      let i = 0;
      while (i < length && bytes[offset + i] === buf[start + i]) i++;
      if (i === length) return rank;
    }
    slot = (slot + 1) & mask;
  }
}
