import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CL100K_PATTERN,
  CL100K_SIMPLE_PATTERN,
  O200K_PATTERN,
  O200K_SIMPLE_PATTERN,
  SIMPLE_TEXT,
} from "../../src/tokens/pre-tokenize-pattern.js";
import { seededStrings } from "./tiktoken-reference.js";
import { skipBecause } from "../skip-because.js";

const CORPUS = join(import.meta.dirname, "..", "..", "..", "shared", "corpus");
const PAIRS = [
  ["o200k_base", O200K_PATTERN, O200K_SIMPLE_PATTERN],
  ["cl100k_base", CL100K_PATTERN, CL100K_SIMPLE_PATTERN],
] as const;

function pieces(pattern: string, flags: string, text: string): string[] {
  return [...text.matchAll(new RegExp(pattern, flags))].map((m) => m[0]);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

/** Every BMP code unit SIMPLE_TEXT admits beyond ASCII. */
function admittedNonAscii(): number[] {
  const out: number[] = [];
  for (let c = 0x80; c <= 0xffff; c++) if (SIMPLE_TEXT.test(String.fromCharCode(c))) out.push(c);
  return out;
}

describe("SIMPLE_TEXT", () => {
  it("admits no letter, number, mark or surrogate beyond ASCII (where the simple patterns would differ)", () => {
    const admitted = admittedNonAscii();
    expect(admitted.length).toBeGreaterThan(1000);
    const wrong = admitted.filter(
      (c) => (c >= 0xd800 && c <= 0xdfff) || /[\p{L}\p{N}\p{M}]/u.test(String.fromCharCode(c)),
    );
    expect(wrong.map((c) => c.toString(16))).toEqual([]);
  });

  it("rejects astral characters, letters and numbers beyond ASCII", () => {
    expect(["💡", "é", "ª", "µ", "²", "½", "ſ", "\u0301", "٣", "a\uD800"].map((t) => SIMPLE_TEXT.test(t))).toEqual(
      Array(10).fill(false),
    );
    expect(
      ["", "plain ASCII\r\n\t", "a — b “c” … • → ≤ ■ ☐ ×÷ «»\u00A0\u2028\u200B"].map((t) => SIMPLE_TEXT.test(t)),
    ).toEqual([true, true, true]);
  });
});

describe.each(PAIRS)("the simple %s pattern", (_name, unicode, simple) => {
  it("splits generated text exactly as the Unicode pattern", () => {
    const extra = admittedNonAscii()
      .filter((_, i) => i % 37 === 0)
      .map((c) => String.fromCharCode(c));
    const alphabet = [
      ..." \t\r\n\v\f\x00\x1f\x7f!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
      "a",
      "z",
      "A",
      "Z",
      "0",
      "9",
      "123",
      "4567",
      "'s",
      "'S",
      "'t",
      "'re",
      "'VE",
      "'m",
      "'ll",
      "'d",
      "'x",
      "Hello",
      "WORLD",
      "camelCase",
      "XMLHttp",
      "  ",
      "\r\n",
      "\n\n",
      " \n ",
      "\u00A0",
      "\u2028",
      "\u2029",
      "\u2003",
      "\u200B",
      "—",
      "–",
      "’",
      "“",
      "”",
      "…",
      "•",
      "→",
      "×",
      "«",
      "»",
      "§",
      "©",
      "°",
      ...extra,
    ];
    const texts = seededStrings(7, 20_000, alphabet, 12).filter((t) => SIMPLE_TEXT.test(t));
    expect(texts.length).toBe(20_000);
    const differing = texts.filter(
      (t) => JSON.stringify(pieces(unicode, "gu", t)) !== JSON.stringify(pieces(simple, "g", t)),
    );
    expect(differing).toEqual([]);
  });

  it.skipIf(
    skipBecause(
      "pre-tokenize corpus check",
      existsSync(CORPUS) ? undefined : `no corpus at ${CORPUS} (../shared/corpus beside the repository)`,
    ),
  )("splits every simple line of the corpus exactly as the Unicode pattern", () => {
    let checked = 0;
    const differing: string[] = [];
    for (const file of filesUnder(CORPUS)) {
      const text = readFileSync(file, "utf8");
      // Whole files when they qualify, and each qualifying paragraph of the others.
      const units = SIMPLE_TEXT.test(text) ? [text] : text.split("\n\n").filter((t) => SIMPLE_TEXT.test(t));
      for (const unit of units) {
        checked++;
        if (JSON.stringify(pieces(unicode, "gu", unit)) !== JSON.stringify(pieces(simple, "g", unit)))
          differing.push(unit.slice(0, 80));
      }
    }
    expect({ differing, some: checked > 100 }).toEqual({ differing: [], some: true });
  });
});
