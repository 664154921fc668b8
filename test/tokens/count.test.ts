import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  contentKey,
  countTokens,
  countTokensBatch,
  createTokenCounter,
  type EncodingName,
  type TokenCountCache,
} from "../../src/tokens/index.js";
import { referenceCount, referenceDiverges, seededStrings } from "./tiktoken-reference.js";
import { skipBecause } from "../skip-because.js";

const ENCODINGS: EncodingName[] = ["o200k_base", "cl100k_base"];
const CORPUS = join(import.meta.dirname, "..", "..", "..", "shared", "corpus");
const REPO = join(import.meta.dirname, "..", "..");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

const EDGE_CASES: string[] = [
  "",
  "a",
  "hello world",
  "Hello, World! It's a test; we're sure they'll've done it. I'd say you'VE, HE'LL, she'S.",
  "   leading and trailing   ",
  "tabs\tand\nnewlines\r\nand\r\rcarriage returns\n\n\n",
  "    indented code\n        more\n",
  "1234567890 3.14159 1,000,000 ٣٤٥ ⅫⅣ ½ 𝐀𝐁𝐂 ①②",
  "日本語のテキストと中文文本和한국어 텍스트",
  "Привет, мир! Ελληνικά. עברית. العربية. हिन्दी. ไทย",
  "emoji 🙂 👩‍💻 👍🏽 🇫🇷 1️⃣ ❤️‍🔥",
  "combining e\u0301 a\u0308 \u0903 ǅ ʰ",
  "lone surrogates \ud800 x \udc00 y \ud83d",
  "control \u0000\u0001\u001b[31m\u007f",
  "zero width \u200b\u200c\u200d \u2060 nbsp\u00a0\u00a0 ideographic\u3000space \u2028\u2029 \u180e",
  "<|endoftext|>",
  "text <|endoftext|> more <|endofprompt|> <|im_start|>user<|im_sep|> <|fim_prefix|>",
  "```ts\nconst x = { a: 1, b: [2, 3] };\n```\n",
  '{"type":"function","name":"shell","parameters":{"type":"object","properties":{}}}',
  "https://example.com/path?query=1&x=y#frag user@example.com",
  "=".repeat(300),
  "-".repeat(129) + "\n" + "#".repeat(80),
  " ".repeat(500) + "x",
  "\n".repeat(200) + "y",
  "a".repeat(700),
  "的".repeat(400),
  "ab".repeat(333) + "AB".repeat(111),
  "x".repeat(64) + " " + "y".repeat(64),
];

const ALPHABET = [
  ..."aAzZ09 \n\t\r'sStTdDmM-_.,;:!?/\\\"()[]{}<>|=+*&^%$#@~`",
  "re",
  "ve",
  "ll",
  "LL",
  "'s",
  " the",
  "ing",
  "é",
  "e\u0301",
  "ß",
  "的",
  "ア",
  "한",
  "Ж",
  "ж",
  "ع",
  "🙂",
  "👩‍💻",
  "\u00a0",
  "\u2028",
  "\u3000",
  "\u200b",
  "\u0000",
  "\u001b",
  "٣",
  "Ⅻ",
  "½",
  "𝐀",
  "ǅ",
  "ʰ",
  "\u0903",
  "\ud800",
  "<|endoftext|>",
  "    ",
  "\r\n",
  "1234",
];

describe("countTokens", () => {
  it.each(ENCODINGS)("equals js-tiktoken's encode() on edge cases (%s)", (encoding) => {
    const mine = EDGE_CASES.map((text) => countTokens(text, encoding));
    expect(mine).toEqual(EDGE_CASES.map((text) => referenceCount(text, encoding)));
  });

  it.each(ENCODINGS)("equals js-tiktoken's encode() on 3,000 seeded random strings (%s)", (encoding) => {
    const texts = seededStrings(20261129, 3000, ALPHABET, 24);
    expect(texts.map((text) => countTokens(text, encoding))).toEqual(
      texts.map((text) => referenceCount(text, encoding)),
    );
  });

  it.each(ENCODINGS)("equals js-tiktoken's encode() on long random single-word pieces (%s)", (encoding) => {
    // No separators: each string is one pre-tokenized piece of 150-1,100 bytes, so the heap merge runs.
    const texts = seededStrings(7, 40, ["a", "b", "e", "r", "st", "ing", "é", "的", "ab", "aa"], 500).filter(
      (t) => t.length > 150,
    );
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.map((text) => countTokens(text, encoding))).toEqual(
      texts.map((text) => referenceCount(text, encoding)),
    );
  });

  it.each(ENCODINGS)("equals js-tiktoken's encode() on this repository's own text files (%s)", (encoding) => {
    const files = [
      ...filesUnder(join(REPO, "src")),
      ...filesUnder(join(REPO, "templates")),
      ...filesUnder(join(REPO, "test")),
    ]
      // test/lint/precision/ holds other projects' files (10,000+ of them), not this repository's own text.
      .filter(
        (f) =>
          /\.(ts|md|hbs|json|mjs)$/.test(f) &&
          !f.includes(`${join("tokens", "data")}`) &&
          !f.includes(join("lint", "precision")) &&
          statSync(f).size < 200_000,
      );
    const texts = files.map((f) => readFileSync(f, "utf8")).filter((t) => !referenceDiverges(t));
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.map((text) => countTokens(text, encoding))).toEqual(
      texts.map((text) => referenceCount(text, encoding)),
    );
  });

  describe.skipIf(
    skipBecause(
      "token counts on the shared corpus",
      existsSync(CORPUS) ? undefined : `no corpus at ${CORPUS} (../shared/corpus beside the repository)`,
    ),
  )("on the shared corpus of real AGENTS.md / SKILL.md files", () => {
    it.each(ENCODINGS)("equals js-tiktoken's encode() on every file (%s)", (encoding) => {
      const texts = filesUnder(CORPUS)
        .map((f) => readFileSync(f, "utf8"))
        .filter((t) => !referenceDiverges(t));
      expect(texts.length).toBeGreaterThan(200);
      expect(texts.map((text) => countTokens(text, encoding))).toEqual(
        texts.map((text) => referenceCount(text, encoding)),
      );
    });
  });

  // Recorded from tiktoken 1.0.22 (OpenAI's Rust core compiled to WASM), encode_ordinary(text).length.
  // js-tiktoken disagrees on some of these (BOM, NEL, 'ſ): see referenceDiverges().
  it.each<[string, number, number]>([
    ["\uFEFFhello world", 3, 3],
    ["\uFEFF# AGENTS.md\n", 5, 5],
    ["\uFEFF,e\u0301", 4, 4],
    ["a\uFEFF b \uFEFF\uFEFFc", 6, 6],
    ["\uFEFF\uFEFF", 1, 2],
    ["x \u0085\u0085y", 6, 6],
    ["a\u0085 b", 4, 4],
    ["line\u0085\nnext", 5, 5],
    ["it'\u017F", 3, 4],
    ["IT'\u017F here", 4, 5],
    ["don'\u017F", 3, 4],
    ["'\u017F'\u017F", 4, 6],
    ["<|endoftext|>", 7, 7],
    ["hello <|endoftext|> world", 9, 8],
    ["<|endofprompt|><|im_start|>user<|im_sep|>", 19, 19],
    ["<|fim_prefix|>x<|fim_suffix|>", 13, 15],
  ])("matches tiktoken on %j (o200k %i, cl100k %i)", (text, o200k, cl100k) => {
    expect({ o200k: countTokens(text, "o200k_base"), cl100k: countTokens(text, "cl100k_base") }).toEqual({
      o200k,
      cl100k,
    });
  });

  it("uses o200k_base when no encoding is given", () => {
    const text = "Привет, мир! Это проверка кодировки.";
    expect(countTokens(text)).toBe(countTokens(text, "o200k_base"));
    expect(countTokens(text)).not.toBe(countTokens(text, "cl100k_base"));
  });

  // Single-character runs, recorded from tiktoken 1.0.22 (WASM) at 64 KiB (its quadratic merge makes 1 MiB
  // take minutes there). The counts are periodic (16 KiB gives exactly a quarter), which fixes the 1 MiB value.
  const RUNS: [string, EncodingName, string, number][] = [
    ["a", "o200k_base", "a", 8192],
    ["space", "o200k_base", " ", 512],
    ["=", "o200k_base", "=", 1024],
    ["newline", "o200k_base", "\n", 4096],
    ["CJK", "o200k_base", "的", 21845],
    ["a", "cl100k_base", "a", 8192],
    ["space", "cl100k_base", " ", 512],
    ["=", "cl100k_base", "=", 1024],
    ["newline", "cl100k_base", "\n", 2048],
    ["CJK", "cl100k_base", "的", 21845],
  ];
  const KiB = 1024;
  const runOf = (char: string, bytes: number): string => char.repeat(Math.floor(bytes / Buffer.byteLength(char)));

  it.each(RUNS)("matches tiktoken on a 64 KiB run of %s (%s)", (_label, encoding, char, expected) => {
    expect(countTokens(runOf(char, 64 * KiB), encoding)).toBe(expected);
  });

  it.each(RUNS.filter(([, encoding]) => encoding === "o200k_base"))(
    "counts a 1 MiB run of %s without hanging or overflowing the stack (%s)",
    (_label, encoding, char, expected64k) => {
      const text = runOf(char, 1024 * KiB);
      const expected = char === "的" ? text.length : expected64k * 16;
      expect(countTokens(text, encoding)).toBe(expected);
    },
  );

  // Inputs that stress the pre-tokenizer regex (long alternations, lookahead, Rust-only whitespace) and the
  // merge; 64 KiB each, counts recorded from tiktoken 1.0.22 (WASM), which needs up to 10 s for some of them.
  it.each<[string, string, number, number]>([
    ["upper", "A", 8192, 8192],
    ["space-word", " a", 32768, 32768],
    ["apos-s", "'s", 32768, 32768],
    ["quote", "'", 16384, 32768],
    ["tab-space", "\t ", 32768, 32768],
    ["space-space-nl", "  \n", 10923, 10923],
    ["bom", "\uFEFF", 10923, 21845],
    ["nel", "\u0085", 65536, 65536],
    ["ideographic-space", " \u3000", 8192, 32768],
    ["slash", "/", 1024, 1024],
    ["punct-nl", "!\n", 32768, 32768],
    ["upper-lower", "Aa", 32768, 65536],
    ["digits", "1", 21846, 21846],
    ["emoji", "🙂", 16384, 32768],
    ["combining", "\u0301", 32768, 32768],
    ["crlf", "\r\n", 8192, 8192],
  ])("matches tiktoken on 64 KiB of repeated %s", (_label, unit, o200k, cl100k) => {
    const text = runOf(unit, 64 * KiB);
    expect({ o200k: countTokens(text, "o200k_base"), cl100k: countTokens(text, "cl100k_base") }).toEqual({
      o200k,
      cl100k,
    });
  });

  it("counts many long whitespace pieces (2,046-space indents) exactly", () => {
    const line = " ".repeat(2046) + "x\n";
    expect(countTokens(line.repeat(32))).toBe(referenceCount(line, "o200k_base") * 32);
  });
});

describe("countTokensBatch", () => {
  it("returns one count per text, in order", () => {
    const texts = ["one", "two words", "", "<|endoftext|>"];
    expect(countTokensBatch(texts, "cl100k_base")).toEqual(texts.map((t) => countTokens(t, "cl100k_base")));
  });
});

describe("createTokenCounter", () => {
  it("counts memo hits, cache hits and texts tokenized", () => {
    const store = new Map<string, number>();
    const cache: TokenCountCache = { get: (k) => store.get(k), set: (k, v) => void store.set(k, v) };
    const counter = createTokenCounter({ cache });
    const text = "A paragraph long enough to be memoised: ".repeat(3);
    const first = counter.count(text);
    counter.count(text);
    counter.clearMemo();
    const fromCache = counter.count(text);
    counter.count("short");
    expect({ first, fromCache, stored: [...store.values()] }).toEqual({ first, fromCache: first, stored: [first, 1] });
    expect(counter.stats()).toEqual({
      counted: 1,
      countedChars: 5,
      memoHits: 0,
      cacheHits: 1,
      encodingsLoaded: expect.arrayContaining(["o200k_base"]),
    });
  });

  it("keeps short texts in the cache too, though it counts them directly once the tables are loaded", () => {
    const store = new Map<string, number>();
    const counter = createTokenCounter({ cache: { get: (k) => store.get(k), set: (k, v) => void store.set(k, v) } });
    counter.count("A paragraph long enough to be memoised and looked up in the cache. ".repeat(2));
    expect(counter.count("hi there")).toBe(2);
    expect(store.get(contentKey("hi there", "o200k_base"))).toBe(2);
  });

  it("takes a short text's count from the cache before the tables are loaded, and then loads none", async () => {
    vi.resetModules();
    // A fresh copy of the modules: no encoding loaded in it yet.
    const fresh = await import("../../src/tokens/count.js");
    const store = new Map([[contentKey("hi there", "o200k_base"), 7]]);
    const counter = fresh.createTokenCounter({ cache: { get: (k) => store.get(k), set: () => undefined } });
    expect({ count: counter.count("hi there"), stats: counter.stats() }).toEqual({
      count: 7,
      stats: { counted: 0, countedChars: 0, memoHits: 0, cacheHits: 1, encodingsLoaded: [] },
    });
  });

  it("keeps counts of the two encodings apart", () => {
    const counter = createTokenCounter();
    const text = "Привет, мир! Это проверка кодировки, достаточно длинная для памяти.";
    const o200k = counter.count(text, "o200k_base");
    const cl100k = counter.count(text, "cl100k_base");
    expect({ o200k: counter.count(text, "o200k_base"), cl100k: counter.count(text, "cl100k_base") }).toEqual({
      o200k,
      cl100k,
    });
    expect(o200k).not.toBe(cl100k);
    expect(counter.stats().memoHits).toBe(2);
  });

  it("has its own memo: two counters share nothing but the encoding tables", () => {
    const text = "A paragraph long enough to be memoised, counted by two separate counters. ".repeat(2);
    const a = createTokenCounter();
    const b = createTokenCounter();
    a.count(text);
    a.count(text);
    expect(b.count(text)).toBe(countTokens(text));
    expect({ a: a.stats().memoHits, b: b.stats().memoHits, bCounted: b.stats().counted }).toEqual({
      a: 1,
      b: 0,
      bCounted: 1,
    });
  });

  it("countBatch returns one count per text, in order", () => {
    const texts = ["one", "two words", "", "<|endoftext|>"];
    expect(createTokenCounter().countBatch(texts, "cl100k_base")).toEqual(countTokensBatch(texts, "cl100k_base"));
  });
});
