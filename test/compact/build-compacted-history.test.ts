import { describe, expect, it } from "vitest";
import { buildCompactedHistory, rebuildLegacyCompaction } from "../../src/compact/build-compacted-history.js";
import { layout, matcher, summary, user } from "./items.js";

describe("buildCompactedHistory", () => {
  it("middle-truncates an overlong user message to the budget", () => {
    const result = buildCompactedHistory({
      userMessages: ["word ".repeat(200)],
      summaryText: "SUMMARY",
      maxUserTokens: 16,
    });
    expect(result.history).toEqual([
      user("word word word word word word wo…234 tokens truncated…d word word word word word word "),
      user("SUMMARY"),
    ]);
    expect(result.userMessages).toEqual([
      {
        index: 0,
        fate: "truncated",
        tokens: 250,
        keptTokens: 16,
        headBytes: 32,
        tailBytes: 32,
        marker: "…234 tokens truncated…",
      },
    ]);
    expect(result.retainedUserTokens).toBe(16);
  });

  it("appends the summary as the last user message", () => {
    const result = buildCompactedHistory({ userMessages: ["first user message"], summaryText: "summary text" });
    expect(result.history).toEqual([user("first user message"), user("summary text")]);
    expect(result.diagnostics).toEqual([]);
  });

  const A = "a".repeat(40);
  const B = "b".repeat(40);
  const C = "c".repeat(40);
  it.each([
    // C and B fit, A is cut to the 5 tokens left, order restored.
    [25, ["a".repeat(10) + "…5 tokens truncated…" + "a".repeat(10), B, C, "S"], ["truncated", "kept", "kept"]],
    // With 20 tokens nothing is left for A: dropped entirely.
    [20, [B, C, "S"], ["dropped", "kept", "kept"]],
    // A zero budget keeps no user message at all.
    [0, ["S"], ["dropped", "dropped", "dropped"]],
    // Everything fits: unchanged, oldest first.
    [30, [A, B, C, "S"], ["kept", "kept", "kept"]],
  ])("with a %i-token budget keeps the newest messages that fit", (limit, texts, fates) => {
    const result = buildCompactedHistory({ userMessages: [A, B, C], summaryText: "S", maxUserTokens: limit });
    expect(result.history).toEqual(texts.map(user));
    expect(result.userMessages.map((m) => m.fate)).toEqual(fates);
  });

  it("uses the fallback text when the summary is empty", () => {
    const result = buildCompactedHistory({ userMessages: [], summaryText: "" });
    expect(result.history).toEqual([user("(no summary available)")]);
    expect(result.diagnostics.map((d) => d.rule)).toEqual(["compact/no-summary"]);
  });

  it("reports truncation and drops as diagnostics", () => {
    const result = buildCompactedHistory({ userMessages: [A, B, C], summaryText: "S", maxUserTokens: 15 });
    expect(result.diagnostics.map((d) => [d.rule, d.data])).toEqual([
      ["compact/user-message-truncated", { index: 1, tokens: 10, keptTokens: 5, headBytes: 10, tailBytes: 10 }],
      ["compact/user-messages-dropped", { count: 1, tokens: 10 }],
    ]);
  });
});

describe("rebuildLegacyCompaction", () => {
  it("keeps real user messages, skips known summaries, and ends with the stored summary", () => {
    const history = [user("one"), user(summary("old")), user("two")];
    const rebuilt = rebuildLegacyCompaction(history, summary("new"), new Set([summary("old")]));
    expect(layout(rebuilt)).toEqual(["user:one", "user:two", "user:SUMMARY(new)"]);
    expect(matcher.prefixes).toEqual(["TEST SUMMARY PREFIX"]);
  });
});
