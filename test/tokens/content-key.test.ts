import { describe, expect, it } from "vitest";
import { contentHash64, contentKey } from "../../src/tokens/content-key.js";

describe("contentKey", () => {
  it("joins encoding, UTF-16 length and a 16-hex-digit hash", () => {
    expect(contentKey("hello", "o200k_base")).toMatch(/^o200k_base:5:[0-9a-f]{16}$/);
  });

  it("differs when the encoding differs", () => {
    expect(contentKey("hello", "o200k_base").split(":")[2]).toBe(contentKey("hello", "cl100k_base").split(":")[2]);
    expect(contentKey("hello", "o200k_base")).not.toBe(contentKey("hello", "cl100k_base"));
  });

  it("is stable across calls and fresh string copies", () => {
    const a = "some text ".repeat(100);
    const b = ["some text "].concat(Array(99).fill("some text ")).join("");
    expect(contentKey(a, "o200k_base")).toBe(contentKey(b, "o200k_base"));
  });
});

describe("contentHash64", () => {
  it("gives distinct hashes to 20,000 near-identical texts", () => {
    const hashes = new Set<string>();
    for (let i = 0; i < 20_000; i++) hashes.add(contentHash64(`line ${i}\n`));
    expect(hashes.size).toBe(20_000);
  });

  it("separates texts that differ only by swapped characters or a single bit", () => {
    const texts = ["ab", "ba", "a`", "\u0000a", "a\u0000", "", "\uFEFF"];
    expect(new Set(texts.map(contentHash64)).size).toBe(texts.length);
  });

  it("separates long texts (hashed as UTF-8 words) that differ anywhere, by length or at the end", () => {
    const base = "the quick brown fox jumps over the lazy dog\n".repeat(40);
    const hashes = new Set<string>();
    for (let i = 0; i < base.length; i += 7) hashes.add(contentHash64(`${base.slice(0, i)}#${base.slice(i + 1)}`));
    for (let tail = 0; tail < 8; tail++) hashes.add(contentHash64(base + "x".repeat(tail)));
    expect(hashes.size).toBe(Math.ceil(base.length / 7) + 8);
  });

  it("tells a lone surrogate from the U+FFFD its UTF-8 encoding would write", () => {
    const long = "w".repeat(300);
    const texts = [`${long}\ud800`, `${long}\udc00`, `${long}\ufffd`, `\ud800${long}`, `\ufffd${long}`];
    expect(new Set(texts.map(contentHash64)).size).toBe(texts.length);
  });
});
