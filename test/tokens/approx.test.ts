import { describe, expect, it } from "vitest";
import { codePointCount, utf8Length } from "../../src/tokens/approx.js";
import { seededRandom } from "../seeded-random.js";

// The loops stand in for the string iterator and TextEncoder; generated texts hold pairs and lone surrogates.
const PIECES = ["a", "é", "€", "😀", "\uD800", "\uDC00", "\uDBFF\uDFFF", "\u0000", "\u07FF", "\u0800"];

function texts(count: number, maxPieces: number): string[] {
  const random = seededRandom(11);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = "";
    for (let n = Math.floor(random() * maxPieces); n > 0; n--) s += PIECES[Math.floor(random() * PIECES.length)];
    out.push(s);
  }
  return out;
}

describe("codePointCount", () => {
  it("counts as the string iterator does", () => {
    for (const s of texts(5_000, 12)) expect({ s, n: codePointCount(s) }).toEqual({ s, n: [...s].length });
  });
});

describe("utf8Length", () => {
  it("counts the bytes TextEncoder writes, short texts and long", () => {
    const encoder = new TextEncoder();
    for (const s of [...texts(5_000, 12), ...texts(50, 400)])
      expect({ s, n: utf8Length(s) }).toEqual({ s, n: encoder.encode(s).length });
  });
});
