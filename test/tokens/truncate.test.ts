import { describe, expect, it } from "vitest";
import {
  countLines,
  formattedTruncateText,
  historyToolOutputPolicy,
  truncateMiddle,
  truncateMiddleDetailed,
  truncateOutputParts,
  type TruncationPolicy,
} from "../../src/tokens/truncate.js";

const tokens = (limit: number): TruncationPolicy => ({ mode: "tokens", limit });
const bytes = (limit: number): TruncationPolicy => ({ mode: "bytes", limit });
const LONG = "this is an example of a long output that should be truncated";
const EMOJI = "😀".repeat(10) + "\nsecond line with text\n";

describe("formattedTruncateText", () => {
  // Codex's middle-truncation cases.
  it.each([
    ["example output", bytes(1), "Total output lines: 1\n\n…13 chars truncated…t"],
    ["example output", tokens(1), "Total output lines: 1\n\nex…3 tokens truncated…ut"],
    ["example output", tokens(10), "example output"],
    ["example output", bytes(20), "example output"],
    [LONG, tokens(5), "Total output lines: 1\n\nthis is an…10 tokens truncated… truncated"],
    [LONG, bytes(30), "Total output lines: 1\n\nthis is an exam…30 chars truncated…ld be truncated"],
    [
      LONG + "\nalso some other line",
      bytes(30),
      "Total output lines: 2\n\nthis is an exam…51 chars truncated…some other line",
    ],
    [
      LONG + "\nalso some other line",
      tokens(10),
      "Total output lines: 2\n\nthis is an example o…11 tokens truncated…also some other line",
    ],
  ])("truncates %j with %j", (text, policy, expected) => {
    expect(formattedTruncateText(text, policy)).toBe(expected);
  });
});

describe("truncateMiddle", () => {
  // UTF-8 boundaries and the zero budget.
  it.each([
    [EMOJI, tokens(8), "😀😀😀😀…8 tokens truncated… line with text\n"],
    [EMOJI, bytes(20), "😀😀…21 chars truncated…with text\n"],
    ["abcdef", tokens(0), "…2 tokens truncated…"],
    ["abcdef", bytes(0), "…6 chars truncated…"],
    ["", tokens(0), ""],
    [
      "word ".repeat(200),
      tokens(16),
      "word word word word word word wo…234 tokens truncated…d word word word word word word ",
    ],
  ])("truncates %j with %j", (text, policy, expected) => {
    expect(truncateMiddle(text, policy)).toBe(expected);
  });

  it("never splits a character when the budget falls inside one", () => {
    // "é" is 2 bytes: a 3-byte head budget keeps one é, not one and a half.
    expect(truncateMiddle("éééééé", bytes(6))).toBe("é…4 chars truncated…é");
  });

  it("reports kept bytes and the marker when it cuts", () => {
    expect(truncateMiddleDetailed("a".repeat(100), tokens(5))).toEqual({
      text: "a".repeat(10) + "…20 tokens truncated…" + "a".repeat(10),
      truncated: true,
      originalBytes: 100,
      headBytes: 10,
      tailBytes: 10,
      marker: "…20 tokens truncated…",
    });
  });

  it("returns the text unchanged with zero kept bytes when it fits", () => {
    expect(truncateMiddleDetailed("short", tokens(2))).toEqual({
      text: "short",
      truncated: false,
      originalBytes: 5,
      headBytes: 0,
      tailBytes: 0,
      marker: "",
    });
  });
});

describe("countLines", () => {
  it.each([
    ["", 0],
    ["a", 1],
    ["a\n", 1],
    ["a\nb", 2],
    ["a\n\n", 2],
  ])("counts %j as %i lines", (text, n) => {
    expect(countLines(text)).toBe(n);
  });
});

describe("historyToolOutputPolicy", () => {
  it("allows 20% more, rounded up, when outputs are recorded", () => {
    expect(historyToolOutputPolicy(tokens(10_000))).toEqual(tokens(12_000));
    expect(historyToolOutputPolicy(bytes(7))).toEqual(bytes(9));
  });
});

describe("truncateOutputParts", () => {
  // The first text that does not fit is cut, later texts omitted, images kept.
  it("truncates across several texts and reports the omitted ones", () => {
    const chunk = "abcd".repeat(25); // 100 bytes = 25 tokens
    const image = { type: "input_image" as const, image_url: "data:image/png;base64,AAAA" };
    const text = (t: string) => ({ type: "input_text" as const, text: t });
    const parts = [text(chunk), text(chunk), image, text(chunk.repeat(10)), text(chunk), text(chunk)];
    const out = truncateOutputParts(parts, tokens(75));
    expect(out).toEqual([
      text(chunk),
      text(chunk),
      image,
      text(truncateMiddle(chunk.repeat(10), tokens(25))),
      text("[omitted 2 text items ...]"),
    ]);
    expect(JSON.stringify(out[3])).toContain("tokens truncated");
  });

  it("keeps every part when all fit", () => {
    const parts = [{ type: "input_text" as const, text: "hi" }];
    expect(truncateOutputParts(parts, bytes(10))).toEqual(parts);
  });
});
