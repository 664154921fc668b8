import { describe, expect, it } from "vitest";
import { decodeDocBytes, incompleteTailLength } from "../../src/discover/decode-doc.js";

const F = "\uFFFD";

describe("decodeDocBytes", () => {
  // Expected strings are what Rust's String::from_utf8_lossy returns (U+FFFD per maximal subpart).
  it.each<[string, number[], string]>([
    ["overlong 3-byte lead F0 80 80", [0xf0, 0x80, 0x80], F + F + F],
    ["E0 80 (invalid second byte)", [0xe0, 0x80], F + F],
    ["surrogate ED A0 80", [0xed, 0xa0, 0x80], F + F + F],
    ["above U+10FFFF F4 90", [0xf4, 0x90], F + F],
    ["lone C0", [0xc0], F],
    ["truncated 4-byte F0 9F 98", [0xf0, 0x9f, 0x98], F],
    ["E2 82 then ASCII", [0xe2, 0x82, 0x41], F + "A"],
    ["lone continuation bytes", [0x80, 0x80], F + F],
    ["valid emoji", [0xf0, 0x9f, 0x98, 0x80], "😀"],
  ])("replaces like Rust's from_utf8_lossy: %s", (_name, bytes, text) => {
    expect(decodeDocBytes(new Uint8Array(bytes), "lossy", false).text).toBe(text);
  });

  it("keeps a leading byte-order mark (TextDecoder would drop it by default)", () => {
    expect(decodeDocBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), "lossy", false)).toEqual({
      text: "\uFEFFA",
      keptBytes: 4,
      splitCharacter: false,
      invalidUtf8: false,
      hasNul: false,
      hasBom: true,
      hasCrlf: false,
    });
  });

  it("treats a split at the cut as split, not invalid, in lossy mode", () => {
    expect(decodeDocBytes(new Uint8Array([0x61, 0xf0, 0x9f]), "lossy", true)).toEqual({
      text: "a" + F,
      keptBytes: 3,
      splitCharacter: true,
      invalidUtf8: false,
      hasNul: false,
      hasBom: false,
      hasCrlf: false,
    });
  });

  it("backs off to the character boundary in char-boundary mode", () => {
    expect(decodeDocBytes(new Uint8Array([0x61, 0xf0, 0x9f, 0x98]), "char-boundary", true)).toMatchObject({
      text: "a",
      keptBytes: 1,
      splitCharacter: true,
    });
  });

  it("does not back off when the read was not cut", () => {
    expect(decodeDocBytes(new Uint8Array([0x61, 0xf0, 0x9f]), "char-boundary", false)).toMatchObject({
      text: "a" + F,
      keptBytes: 3,
      invalidUtf8: true,
    });
  });
});

describe("incompleteTailLength", () => {
  it.each<[number[], number]>([
    [[0x61], 0],
    [[0x61, 0xc3], 1],
    [[0xc3, 0xa9], 0],
    [[0xe2, 0x82], 2],
    [[0xf0, 0x9f, 0x98], 3],
    [[0xf0, 0x9f, 0x98, 0x80], 0],
    [[], 0],
  ])("%j → %i", (bytes, n) => {
    expect(incompleteTailLength(new Uint8Array(bytes))).toBe(n);
  });
});
