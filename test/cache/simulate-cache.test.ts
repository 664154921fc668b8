import { describe, expect, it } from "vitest";
import { buildPromptSegments, simulateCache } from "../../src/cache/index.js";
import { charTokens, msg, req } from "./helpers.js";

const model = { minCacheableTokens: 100, blockTokens: 50 };
const opts = { countTokens: charTokens, cacheModel: model };
const long = "x".repeat(300);
const t1 = req([msg("developer", long), msg("user", "hello 1")]);
const t2 = req([...t1.input, msg("assistant", "Done."), msg("user", "hello 2")]);
const tokens = (r: typeof t1) => buildPromptSegments(r).reduce((s, x) => s + x.text.length, 0);
const floor = (n: number) => (n < 100 ? 0 : 100 + Math.floor((n - 100) / 50) * 50);

describe("simulateCache", () => {
  it("serves the previous request as a prefix of the next, floored to the block size", () => {
    const r = simulateCache([t1, t2], opts);
    expect(r).toEqual({
      requests: [
        {
          index: 0,
          inputTokens: tokens(t1),
          matchedTokens: 0,
          cachedTokens: 0,
          uncachedTokens: tokens(t1),
          matchedRequest: null,
        },
        {
          index: 1,
          inputTokens: tokens(t2),
          matchedTokens: tokens(t1),
          cachedTokens: floor(tokens(t1)),
          uncachedTokens: tokens(t2) - floor(tokens(t1)),
          matchedRequest: 0,
        },
      ],
      inputTokens: tokens(t1) + tokens(t2),
      cachedTokens: floor(tokens(t1)),
      uncachedTokens: tokens(t1) + tokens(t2) - floor(tokens(t1)),
      hitRatio: floor(tokens(t1)) / (tokens(t1) + tokens(t2)),
    });
  });

  it("caches nothing below the minimum cacheable length", () => {
    const small = req([msg("user", "hi")]);
    const r = simulateCache([small, req([...small.input, msg("user", "again")])], {
      countTokens: charTokens,
      cacheModel: { minCacheableTokens: 10_000, blockTokens: 128 },
    });
    expect(r.requests.map((x) => x.cachedTokens)).toEqual([0, 0]);
    expect(r.hitRatio).toBe(0);
  });

  it("does not share cache across prompt_cache_key or model", () => {
    const r = simulateCache([t1, { ...t2, prompt_cache_key: "other" }, { ...t2, model: "m2" }], opts);
    expect(r.requests.map((x) => x.cachedTokens)).toEqual([0, 0, 0]);
  });

  it("matches the best earlier request, not only the previous one", () => {
    const detour = req([msg("developer", "y".repeat(300)), msg("user", "other")]);
    const r = simulateCache([t1, detour, t2], opts);
    expect(r.requests.map((x) => x.matchedRequest)).toEqual([null, 0, 0]);
    expect(r.requests[2]!.matchedTokens).toBe(tokens(t1));
  });

  it("reuses part of a rewritten item up to the first differing character", () => {
    const rewritten = req([msg("developer", long + "!"), msg("user", "hello 1")]);
    const r = simulateCache([t1, rewritten], opts);
    const toolsLen = buildPromptSegments(t1)[0]!.text.length;
    const item = buildPromptSegments(t1)[1]!.text;
    const same = item.indexOf(long) + long.length;
    expect(r.requests[1]!.matchedTokens).toBe(toolsLen + same - 1);
  });

  it("reports a zero hit ratio for no requests", () => {
    expect(simulateCache([], opts)).toEqual({
      requests: [],
      inputTokens: 0,
      cachedTokens: 0,
      uncachedTokens: 0,
      hitRatio: 0,
    });
  });
});

describe("simulateCache under a breakpoint cache model (Anthropic)", () => {
  const breakpoints = { minCacheableTokens: 1, blockTokens: 1, reuse: "breakpoints" as const };
  const segs = (r: typeof t1) => buildPromptSegments(r).map((s) => s.text.length);
  const upTo = (r: typeof t1, n: number) =>
    segs(r)
      .slice(0, n)
      .reduce((a, b) => a + b, 0);

  it("serves a later request only up to the deepest breakpoint an earlier one wrote", () => {
    // Turn 1 marks its first message (segments: tools, input 0, input 1); turn 2 shares all of turn 1.
    const a = { ...t1, cacheBreakpoints: [0] };
    const r = simulateCache([a, t2], { countTokens: charTokens, cacheModel: breakpoints });
    expect([r.requests[1]!.matchedTokens, r.requests[1]!.cachedTokens]).toEqual([upTo(t1, 2), upTo(t1, 2)]);
  });

  it("serves nothing when no earlier request marked a breakpoint, and everything up to a mark at its end", () => {
    const none = simulateCache([t1, t2], { countTokens: charTokens, cacheModel: breakpoints });
    const last = simulateCache([{ ...t1, cacheBreakpoints: [1] }, t2], {
      countTokens: charTokens,
      cacheModel: breakpoints,
    });
    expect([none.requests[1]!.cachedTokens, last.requests[1]!.cachedTokens]).toEqual([0, tokens(t1)]);
  });
});
