import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countPieceTokens, HEAP_MERGE_MIN_BYTES } from "../../src/tokens/byte-pair-count.js";
import { buildEncodingTables } from "../../src/tokens/encoding-tables.js";
import { CL100K_PATTERN, O200K_PATTERN } from "../../src/tokens/pre-tokenize-pattern.js";
import * as cl100kData from "../../src/tokens/data/cl100k_base.js";
import * as o200kData from "../../src/tokens/data/o200k_base.js";
import { seededStrings } from "./tiktoken-reference.js";

const ENCODINGS = [
  ["o200k_base", buildEncodingTables(o200kData.encodingData(), o200kData.TOKEN_COUNT), O200K_PATTERN],
  ["cl100k_base", buildEncodingTables(cl100kData.encodingData(), cl100kData.TOKEN_COUNT), CL100K_PATTERN],
] as const;

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "data" ? [] : textFiles(full);
    return entry.isFile() && /\.(ts|md)$/.test(entry.name) ? [readFileSync(full, "utf8")] : [];
  });
}

const SRC = join(import.meta.dirname, "..", "..", "src");
const encoder = new TextEncoder();

describe("countPieceTokens", () => {
  it.each(ENCODINGS)(
    "gives the same count with the heap as with tiktoken's scan on every piece (%s)",
    (_name, tables, pattern) => {
      const pieces = [
        ...textFiles(SRC).flatMap((text) => [...text.matchAll(new RegExp(pattern, "gu"))].map((m) => m[0])),
        ...seededStrings(3, 500, ["a", "b", "ab", "ing", " ", "=", "é", "的", "🙂", "\n"], 60),
      ];
      const heap: number[] = [];
      const scan: number[] = [];
      for (const piece of pieces) {
        const bytes = encoder.encode(piece);
        heap.push(countPieceTokens(tables, bytes, bytes.length, 2));
        scan.push(countPieceTokens(tables, bytes, bytes.length, Number.POSITIVE_INFINITY));
      }
      expect(pieces.length).toBeGreaterThan(10_000);
      expect(heap).toEqual(scan);
    },
  );

  it.each(ENCODINGS)("agrees across the heap threshold on runs around %s's cut-over", (_name, tables) => {
    const lengths = [HEAP_MERGE_MIN_BYTES - 1, HEAP_MERGE_MIN_BYTES, HEAP_MERGE_MIN_BYTES + 1, 1000];
    const viaHeap = lengths.map((n) => countPieceTokens(tables, encoder.encode("ab".repeat(n)), 2 * n, 2));
    const viaScan = lengths.map((n) =>
      countPieceTokens(tables, encoder.encode("ab".repeat(n)), 2 * n, Number.POSITIVE_INFINITY),
    );
    expect(viaHeap).toEqual(viaScan);
  });

  it.each(ENCODINGS)("counts 0 and 1 byte pieces as themselves (%s)", (_name, tables) => {
    expect([0, 1].map((n) => countPieceTokens(tables, new Uint8Array([0x61]), n))).toEqual([0, 1]);
  });
});
