// couldExceedTokens lets the token rules skip counting a text that cannot be over their limit: it must never say
// "cannot" for a text whose exact count is over (emoji, lone surrogates, CJK and ASCII mixed, at the edges).
import { describe, expect, it } from "vitest";
import { couldExceedTokens } from "../../src/lint/rule-utils.js";
import { countTokens } from "../../src/tokens/count.js";
import { seededRandom } from "../seeded-random.js";

const PIECES = ["a", " ", "\n", "é", "的", "😀", "\ud800", "\udc00", "ab", "1", "=", "\u0000", "Ω"];

describe("couldExceedTokens", () => {
  it("says a text cannot exceed a limit only when its exact count does not", () => {
    const next = seededRandom(23);
    let skipped = 0;
    for (let i = 0; i < 3000; i++) {
      const n = Math.floor(next() * 40);
      let text = "";
      for (let k = 0; k < n; k++) text += PIECES[Math.floor(next() * PIECES.length)];
      const tokens = countTokens(text);
      for (const limit of [tokens - 1, tokens, tokens + 1, text.length, text.length * 2, Math.floor(next() * 120)]) {
        if (couldExceedTokens(text, limit)) continue;
        skipped++;
        expect({ text, limit, tokens: Math.min(tokens, limit) }).toEqual({ text, limit, tokens });
      }
    }
    expect(skipped).toBeGreaterThan(1000);
  });

  it("needs a count once the text has more bytes than the limit", () => {
    expect(couldExceedTokens("abcd", 3)).toBe(true);
    expect(couldExceedTokens("abc", 3)).toBe(false);
    expect(couldExceedTokens("😀", 3)).toBe(true);
    expect(couldExceedTokens("😀", 4)).toBe(false);
    expect(couldExceedTokens("", 0)).toBe(false);
  });
});
