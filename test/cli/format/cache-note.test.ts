import { describe, expect, it } from "vitest";
import { cacheNote } from "../../../src/cli/format/cache-note.js";

describe("cacheNote", () => {
  const req = (matchedTokens: number, cachedTokens = 0) => ({
    index: 0,
    inputTokens: 2000,
    matchedTokens,
    cachedTokens,
    uncachedTokens: 2000 - cachedTokens,
    matchedRequest: null,
  });
  it.each([
    [
      [req(0), req(973)],
      "the longest prefix shared with an earlier turn is 973 tokens, under the provider's 1,024-token caching minimum",
    ],
    [[req(0), req(0)], "no turn shares a prefix with an earlier one under the same model and prompt_cache_key"],
    [[req(0)], "one request: nothing earlier to reuse"],
  ])("explains a 0%% hit ratio (%#)", (requests, note) => {
    expect(cacheNote({ requests, cachedTokens: 0 })).toBe(note);
  });

  it("says nothing when something was cached", () => {
    expect(cacheNote({ requests: [req(0), req(2000, 1920)], cachedTokens: 1920 })).toBeUndefined();
  });
});
