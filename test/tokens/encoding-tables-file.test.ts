import { describe, expect, it } from "vitest";
import { buildEncodingTables, NO_RANK, rankOf, type EncodingTables } from "../../src/tokens/encoding-tables.js";
import { decodeTablesFile, encodeTablesFile } from "../../src/tokens/encoding-tables-file.js";
import { loadEncodingTables } from "../../src/tokens/encoding-source.js";

const TOKENS = ["a", "b", "ab", "\u00e9", "abab"].map((t) => new TextEncoder().encode(t));
const DATA = Buffer.concat([Buffer.from(TOKENS.map((t) => t.length - 1)), ...TOKENS]).toString("base64");

/** Plain arrays, so whole-object equality compares contents and not typed-array views. */
function plain(t: EncodingTables) {
  return {
    bytes: [...t.bytes],
    offsets: [...t.offsets],
    slots: [...t.slots],
    mask: t.mask,
    maxTokenBytes: t.maxTokenBytes,
  };
}

describe("encodeTablesFile / decodeTablesFile", () => {
  it("round-trips tables exactly, and lookups agree", () => {
    const tables = buildEncodingTables(DATA, TOKENS.length);
    const decoded = decodeTablesFile(encodeTablesFile(tables));
    expect(plain(decoded)).toEqual(plain(tables));
    const probe = (text: string): number => {
      const bytes = new TextEncoder().encode(text);
      return rankOf(decoded, bytes, 0, bytes.length);
    };
    expect(["a", "b", "ab", "é", "abab", "ba", ""].map(probe)).toEqual([0, 1, 2, 3, 4, NO_RANK, NO_RANK]);
  });

  it("copies when the blob is not 4-byte aligned", () => {
    const tables = buildEncodingTables(DATA, TOKENS.length);
    const blob = encodeTablesFile(tables);
    const shifted = new Uint8Array(blob.length + 1).subarray(1);
    shifted.set(blob);
    expect(plain(decodeTablesFile(shifted))).toEqual(plain(tables));
  });

  it.each(["o200k_base", "cl100k_base"] as const)("round-trips the real %s tables byte for byte", (name) => {
    const tables = loadEncodingTables(name);
    const decoded = decodeTablesFile(encodeTablesFile(tables));
    const same = (a: ArrayBufferView, b: ArrayBufferView) =>
      Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
    expect({
      bytes: same(decoded.bytes, tables.bytes),
      offsets: same(decoded.offsets, tables.offsets),
      slots: same(decoded.slots, tables.slots),
      mask: decoded.mask,
      maxTokenBytes: decoded.maxTokenBytes,
    }).toEqual({ bytes: true, offsets: true, slots: true, mask: tables.mask, maxTokenBytes: tables.maxTokenBytes });
  });

  it("rejects a blob that is not a tables file", () => {
    const blob = encodeTablesFile(buildEncodingTables(DATA, TOKENS.length));
    const badMagic = blob.slice();
    badMagic[0] = 0;
    expect(() => decodeTablesFile(badMagic)).toThrow(/corrupt/);
    expect(() => decodeTablesFile(blob.subarray(0, blob.length - 1))).toThrow(/corrupt/);
    expect(() => decodeTablesFile(new Uint8Array(10))).toThrow(/corrupt/);
  });
});
