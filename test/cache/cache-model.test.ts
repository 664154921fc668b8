import { describe, expect, it } from "vitest";
import { cacheableTokens, OPENAI_CACHE_MODEL } from "../../src/cache/index.js";

describe("cacheableTokens", () => {
  it.each([
    [0, 0],
    [1023, 0],
    [1024, 1024],
    [1151, 1024],
    [1152, 1152],
    [5000, 4992],
  ])("floors %i prefix tokens to %i under OpenAI's model", (prefix, cached) => {
    expect(cacheableTokens(prefix, OPENAI_CACHE_MODEL)).toBe(cached);
  });

  it("uses a configured minimum and block", () => {
    expect(cacheableTokens(250, { minCacheableTokens: 100, blockTokens: 64 })).toBe(228);
  });
});
