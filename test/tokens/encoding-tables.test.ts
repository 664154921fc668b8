import { describe, expect, it } from "vitest";
import { buildEncodingTables, NO_RANK, rankOf } from "../../src/tokens/encoding-tables.js";

// Generated-data layout: one byte per rank (length - 1), then the tokens' bytes in rank order.
const TOKENS = ["a", "b", "ab", "\u00e9", "abab"].map((t) => new TextEncoder().encode(t));
const DATA = Buffer.concat([Buffer.from(TOKENS.map((t) => t.length - 1)), ...TOKENS]).toString("base64");

function lookups(): number[] {
  const tables = buildEncodingTables(DATA, TOKENS.length);
  const probe = (text: string): number => {
    const bytes = new TextEncoder().encode(text);
    return rankOf(tables, bytes, 0, bytes.length);
  };
  return ["a", "b", "ab", "é", "abab", "ba", "", "ababab"].map(probe);
}

describe("buildEncodingTables", () => {
  it("maps every token's bytes to its rank and anything else to NO_RANK", () => {
    expect(lookups()).toEqual([0, 1, 2, 3, 4, NO_RANK, NO_RANK, NO_RANK]);
  });

  it("decodes with atob when Node's Buffer is absent (browsers, workers)", () => {
    const saved = globalThis.Buffer;
    let result: { absent: boolean; ranks: number[] };
    try {
      Reflect.deleteProperty(globalThis, "Buffer");
      result = { absent: (globalThis as { Buffer?: unknown }).Buffer === undefined, ranks: lookups() };
    } finally {
      globalThis.Buffer = saved;
    }
    expect(result).toEqual({ absent: true, ranks: [0, 1, 2, 3, 4, NO_RANK, NO_RANK, NO_RANK] });
  });

  it("rejects data whose lengths do not add up (a programmer error in the build step)", () => {
    expect(() => buildEncodingTables(DATA, TOKENS.length - 1)).toThrow(/corrupt/);
  });
});
