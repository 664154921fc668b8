import { describe, expect, it } from "vitest";
import { findCutPoint } from "../../src/compact/find-cut-point.js";
import { compactPi } from "../../src/compact/pi-strategy.js";
import { assistant, call, dev, ghost, layout, matcher, output, PREFIX, skill, user } from "./items.js";

const t = (n: number) => "x".repeat(n * 4); // n pi tokens of text

describe("findCutPoint", () => {
  it("cuts at the first valid point once the recent budget is reached", () => {
    const history = [user(t(10)), assistant(t(10)), user(t(10)), assistant(t(10))];
    expect(findCutPoint(history, 15, matcher)).toEqual({
      index: 2,
      splitTurn: false,
      turnStartIndex: -1,
      keptTokens: 20,
    });
  });

  it("never cuts between a call and its output", () => {
    // Budget reached at the output (index 3): the cut moves forward past it to the assistant message.
    const history = [user(t(5)), assistant(t(5)), call("c1"), output("c1", t(20)), assistant(t(1))];
    const cut = findCutPoint(history, 10, matcher);
    expect(cut.index).toBe(4);
    expect(cut).toMatchObject({ splitTurn: true, turnStartIndex: 0 });
  });

  it("does not separate parallel calls from their outputs", () => {
    const history = [user(t(1)), call("a"), call("b"), output("a", t(10)), output("b", t(10)), assistant(t(1))];
    // Reached at index 3 (an output); index 4 is an output too; 5 is the first safe cut.
    expect(findCutPoint(history, 12, matcher).index).toBe(5);
  });

  it("keeps everything when the history is under the budget", () => {
    expect(findCutPoint([user("a"), assistant("b")], 1000, matcher)).toEqual({
      index: 0,
      splitTurn: false,
      turnStartIndex: -1,
      keptTokens: 2,
    });
  });
});

describe("compactPi", () => {
  it("does not repeat a pinned block that the kept part still holds", () => {
    const history = [user(t(10)), assistant(t(10)), skill("alpha"), user(t(2)), assistant(t(2))];
    const result = compactPi({
      strategy: "pi",
      history,
      summaryPrefix: PREFIX,
      summaryReply: "S",
      keepRecentTokens: 5,
      pins: [{ fragment: "skill" }],
    });
    expect(layout(result.history)).toEqual([
      "user:SUMMARY(S)",
      layout([skill("alpha")])[0],
      `user:${t(2)}`,
      `assistant:${t(2)}`,
    ]);
    expect(result.pinnedIndexes).toEqual([]);
  });

  it("puts context, summary and pins first, keeps the recent items, and appends ghosts", () => {
    const history = [
      dev("ctx"),
      user(t(10)),
      skill("alpha"),
      assistant(t(10)),
      ghost("g1"),
      user(t(10)),
      assistant(t(10)),
    ];
    const result = compactPi({
      strategy: "pi",
      history,
      summaryPrefix: PREFIX,
      summaryReply: "S",
      keepRecentTokens: 15,
      initialContext: [dev("ctx")],
      pins: [{ fragment: "skill" }],
    });
    expect(layout(result.history)).toEqual([
      "developer:ctx",
      "user:SUMMARY(S)",
      layout([skill("alpha")])[0],
      `user:${t(10)}`,
      `assistant:${t(10)}`,
      "ghost_snapshot",
    ]);
    expect(result.pi).toEqual({ cutIndex: 5, splitTurn: false, turnStartIndex: -1, summarizedItems: 4, keptItems: 2 });
    expect(result.summaryIndex).toBe(1);
    expect(result.pinnedIndexes).toEqual([2]);
    expect(result.ghostIndexes).toEqual([5]);
    expect(result.userMessages.map((m) => [m.historyIndex, m.fate])).toEqual([
      [1, "summarized"],
      [5, "kept"],
    ]);
  });

  it("leaves the history unchanged (no summary, no second initial context) when nothing is before the cut", () => {
    const history = [dev("ctx"), user("a"), ghost("g1"), assistant("b")];
    const result = compactPi({
      strategy: "pi",
      history,
      summaryPrefix: PREFIX,
      summaryReply: "S",
      keepRecentTokens: 1000,
      initialContext: [dev("ctx")],
      pins: [{ fragment: "skill" }],
    });
    expect({
      ...result,
      userMessages: result.userMessages.map((m) => [m.historyIndex, m.fate]),
      diagnostics: result.diagnostics.map((d) => d.rule),
    }).toEqual({
      strategy: "pi",
      history,
      summaryIndex: -1,
      summaryText: "",
      userMessages: [[1, "kept"]],
      pinnedIndexes: [],
      ghostIndexes: [2],
      events: [],
      pi: { cutIndex: 0, splitTurn: false, turnStartIndex: -1, summarizedItems: 0, keptItems: 3 },
      diagnostics: ["compact/nothing-to-summarize"],
    });
  });
});
