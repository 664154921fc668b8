import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  defaultTokenCacheDir,
  openDefaultTokenCache,
  openDiskTokenCache,
  TOKEN_CACHE_FILE,
} from "../../src/host/token-cache.js";
import { contentKey, createTokenCounter } from "../../src/tokens/index.js";

let dir: string;
const KEY_A = contentKey("a".repeat(100), "o200k_base");
const KEY_B = contentKey("b".repeat(100), "cl100k_base");

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "promptc-token-cache-"));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("openDiskTokenCache", () => {
  it("reads the file on first use, not when opened (most runs count no token)", () => {
    const cache = openDiskTokenCache({ dir });
    writeFileSync(join(dir, TOKEN_CACHE_FILE), `${KEY_A}\t7\n`);
    expect(cache.get(KEY_A)).toBe(7);
  });

  it("starts empty when the file does not exist and writes it on flush", () => {
    const cache = openDiskTokenCache({ dir: join(dir, "nested") });
    cache.set(KEY_A, 13);
    expect({ loaded: cache.loaded, flushed: cache.flush() }).toEqual({ loaded: 0, flushed: true });
    expect(readFileSync(join(dir, "nested", TOKEN_CACHE_FILE), "utf8")).toBe(`${KEY_A}\t13\n`);
  });

  it("reads back what an earlier process flushed", () => {
    const first = openDiskTokenCache({ dir });
    first.set(KEY_A, 13);
    first.set(KEY_B, 25);
    first.flush();
    const second = openDiskTokenCache({ dir });
    expect({ loaded: second.loaded, a: second.get(KEY_A), b: second.get(KEY_B), missing: second.get("x") }).toEqual({
      loaded: 2,
      a: 13,
      b: 25,
      missing: undefined,
    });
  });

  it("skips malformed lines and impossible counts without throwing", () => {
    writeFileSync(
      join(dir, TOKEN_CACHE_FILE),
      `garbage\n${KEY_A}\t13\n${KEY_B}\tnot-a-number\no200k_base:1:0123456789abcdef\t999\n\u0000\u0001binary\n`,
    );
    const cache = openDiskTokenCache({ dir });
    expect({ loaded: cache.loaded, skipped: cache.skipped, a: cache.get(KEY_A), b: cache.get(KEY_B) }).toEqual({
      loaded: 1,
      skipped: 4,
      a: 13,
      b: undefined,
    });
  });

  it("finds a key without parsing the file: the last line for it wins, a malformed one or an impossible count is a miss", () => {
    const impossible = "o200k_base:1:0123456789abcdef";
    writeFileSync(
      join(dir, TOKEN_CACHE_FILE),
      `${KEY_A}\t13\nx${KEY_B}\t5\n${KEY_A}\t14\n${KEY_B}\t5x\n${impossible}\t999\n${impossible}9\t1`,
    );
    const cache = openDiskTokenCache({ dir });
    expect([cache.get(KEY_A), cache.get(KEY_B), cache.get(impossible), cache.get(`${impossible}9`)]).toEqual([
      14,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("leaves the file alone when every count set was in it already", () => {
    // A rewrite would drop the malformed line.
    writeFileSync(join(dir, TOKEN_CACHE_FILE), `garbage\n${KEY_A}\t13\n`);
    const cache = openDiskTokenCache({ dir });
    cache.set(KEY_A, 13);
    expect(cache.flush()).toBe(true);
    expect(readFileSync(join(dir, TOKEN_CACHE_FILE), "utf8")).toBe(`garbage\n${KEY_A}\t13\n`);
  });

  it("appends new counts to the file rather than rewriting it (it stays as it was above them)", () => {
    writeFileSync(join(dir, TOKEN_CACHE_FILE), `garbage\n${KEY_A}\t13`);
    const cache = openDiskTokenCache({ dir });
    cache.set(KEY_A, 13);
    cache.set(KEY_B, 25);
    expect(cache.flush()).toBe(true);
    expect(readFileSync(join(dir, TOKEN_CACHE_FILE), "utf8")).toBe(`garbage\n${KEY_A}\t13\n${KEY_B}\t25\n`);
    expect(openDiskTokenCache({ dir }).get(KEY_B)).toBe(25);
  });

  it("rewrites a file a quarter past maxEntries with the newest entries, once each", () => {
    const keys = ["p", "q", "r", "s", "t", "u"].map((c) => contentKey(c.repeat(80), "o200k_base"));
    writeFileSync(
      join(dir, TOKEN_CACHE_FILE),
      `${keys
        .slice(0, 5)
        .map((k, i) => `${k}\t${i + 1}\n`)
        .join("")}${keys[0]}\t1\n`,
    );
    const cache = openDiskTokenCache({ dir, maxEntries: 4 });
    cache.set(keys[5] as string, 6);
    cache.flush();
    expect(readFileSync(join(dir, TOKEN_CACHE_FILE), "utf8")).toBe(
      `${keys[3]}\t4\n${keys[4]}\t5\n${keys[0]}\t1\n${keys[5]}\t6\n`,
    );
  });

  it("ignores a cache path that is a directory", () => {
    mkdirSync(join(dir, TOKEN_CACHE_FILE));
    const cache = openDiskTokenCache({ dir });
    cache.set(KEY_A, 13);
    expect({ loaded: cache.loaded, flushed: cache.flush() }).toEqual({ loaded: 0, flushed: false });
  });

  it("keeps entries another process wrote after this one opened the file", () => {
    const mine = openDiskTokenCache({ dir });
    const theirs = openDiskTokenCache({ dir });
    theirs.set(KEY_B, 25);
    theirs.flush();
    mine.set(KEY_A, 13);
    mine.flush();
    expect(readFileSync(join(dir, TOKEN_CACHE_FILE), "utf8")).toBe(`${KEY_B}\t25\n${KEY_A}\t13\n`);
  });

  it("keeps only the newest maxEntries entries", () => {
    const cache = openDiskTokenCache({ dir, maxEntries: 2 });
    const keys = ["x", "y", "z"].map((c) => contentKey(c.repeat(80), "o200k_base"));
    keys.forEach((key, i) => cache.set(key, i + 1));
    cache.flush();
    expect(readFileSync(join(dir, TOKEN_CACHE_FILE), "utf8")).toBe(`${keys[1]}\t2\n${keys[2]}\t3\n`);
  });

  it("reports a failed write instead of throwing", () => {
    writeFileSync(join(dir, "not-a-dir"), "");
    const cache = openDiskTokenCache({ dir: join(dir, "not-a-dir", "cache") });
    cache.set(KEY_A, 13);
    expect(cache.flush()).toBe(false);
  });
});

describe("defaultTokenCacheDir", () => {
  it.each<[Record<string, string>, string | undefined, string | undefined]>([
    [{ XDG_CACHE_HOME: "/xdg" }, "/home/u", "/xdg/promptc"],
    [{ XDG_CACHE_HOME: "relative" }, "/home/u", "/home/u/.cache/promptc"],
    [{}, "/home/u", "/home/u/.cache/promptc"],
    [{}, undefined, undefined],
  ])("maps env %j and home %s to %s", (env, home, expected) => {
    expect(defaultTokenCacheDir(env, home)).toBe(expected);
  });
});

describe("openDefaultTokenCache", () => {
  it("serves counts from disk in a later run without tokenizing again", () => {
    const text = "A section of an AGENTS.md file that is long enough to be cached on disk. ".repeat(4);
    const first = openDefaultTokenCache({ XDG_CACHE_HOME: dir }, undefined);
    const expected = createTokenCounter({ cache: first! }).count(text);
    first?.flush();
    const later = createTokenCounter({ cache: openDefaultTokenCache({ XDG_CACHE_HOME: dir }, undefined)! });
    expect(later.count(text)).toBe(expected);
    expect(later.stats()).toMatchObject({ counted: 0, cacheHits: 1 });
  });

  it("is disabled by PROMPTC_TOKEN_CACHE=off", () => {
    expect(openDefaultTokenCache({ XDG_CACHE_HOME: dir, PROMPTC_TOKEN_CACHE: "off" }, undefined)).toBeUndefined();
  });
});
