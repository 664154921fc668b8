import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyFixes } from "../../src/lint/apply-fixes.js";
import {
  applyToPieces,
  editsOfPieces,
  startPieces,
  type EditPieces,
  type TextEdit,
} from "../../src/lint/compose-edits.js";

const textOf = (original: string, pieces: EditPieces): string =>
  pieces.map((p) => (p.kind === "original" ? original.slice(p.start, p.end) : p.text)).join("");
const applyEdits = (original: string, edits: readonly TextEdit[]): string => applyFixes(original, edits).text;

describe("editsOfPieces", () => {
  it("composes passes into edits on the original text", () => {
    const original = "abcdefgh";
    let pieces = startPieces(original.length);
    pieces = applyToPieces(pieces, [
      { start: 1, end: 3, text: "XY" },
      { start: 6, end: 6, text: "!" },
    ]);
    expect(textOf(original, pieces)).toBe("aXYdef!gh");
    pieces = applyToPieces(pieces, [{ start: 2, end: 4, text: "" }]);
    expect(textOf(original, pieces)).toBe("aXef!gh");
    expect(editsOfPieces(pieces, original.length)).toEqual([
      { start: 1, end: 4, text: "X" },
      { start: 6, end: 6, text: "!" },
    ]);
  });

  it("gives the same text as applying the passes (property)", () => {
    const fixArb = (len: number) =>
      fc.array(fc.tuple(fc.nat(len), fc.nat(len), fc.string({ maxLength: 3 })), { maxLength: 4 }).map((xs) => {
        const sorted = xs
          .map(([a, b, t]) => ({ start: Math.min(a, b), end: Math.max(a, b), text: t }))
          .sort((x, y) => x.start - y.start || x.end - y.end);
        const kept: { start: number; end: number; text: string }[] = [];
        for (const f of sorted) if (kept.length === 0 || f.start >= kept[kept.length - 1]!.end) kept.push(f);
        return kept;
      });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 3 }),
        (original, seeds) => {
          let current = original;
          let pieces = startPieces(original.length);
          for (const seed of seeds) {
            const fixes = fc.sample(fixArb(current.length), { numRuns: 1, seed })[0]!;
            current = applyFixes(current, fixes).text;
            pieces = applyToPieces(pieces, fixes);
            expect(textOf(original, pieces)).toBe(current);
          }
          expect(applyEdits(original, editsOfPieces(pieces, original.length))).toBe(current);
        },
      ),
    );
  });
});
