import { describe, expect, it } from "vitest";
import { insertInitialContext, placeInitialContext } from "../../src/compact/insert-initial-context.js";
import { compaction, dev, env, layout, matcher, summary, user } from "./items.js";

const ctx = [dev("fresh permissions")];

describe("insertInitialContext", () => {
  it.each([
    // The summary stays last.
    [
      "keeps the summary last",
      [user("older user"), user("latest user"), user(summary("s"))],
      ["user:older user", "developer:fresh permissions", "user:latest user", "user:SUMMARY(s)"],
      "last-real-user",
    ],
    // …and the compaction item stays last.
    ["keeps a compaction item last", [compaction()], ["developer:fresh permissions", "compaction"], "last-compaction"],
    // Before the last real user message only.
    [
      "goes before the last real user message",
      [user("older user"), user(summary("summary text")), user("latest user")],
      ["user:older user", "user:SUMMARY(summary text)", "developer:fresh permissions", "user:latest user"],
      "last-real-user",
    ],
    [
      "falls back to the last summary",
      [user(summary("only"))],
      ["developer:fresh permissions", "user:SUMMARY(only)"],
      "last-user-or-summary",
    ],
    [
      "ignores contextual user messages",
      [env("/a")],
      ["user:<environment_context>\n  <cwd>/a</cwd>\n</environment_context>", "developer:fresh permissions"],
      "end",
    ],
    ["appends to an empty history", [], ["developer:fresh permissions"], "end"],
  ])("%s", (_name, history, expected, anchor) => {
    const result = insertInitialContext(history, ctx, matcher);
    expect(layout(result.history)).toEqual(expected);
    expect(result.anchor).toBe(anchor);
  });
});

describe("placeInitialContext", () => {
  it("leaves the history and summary index as they are when there is no context", () => {
    const history = [user("latest user"), user(summary("s"))];
    expect(placeInitialContext(history, undefined, matcher, 1)).toEqual({ history, summaryIndex: 1 });
    expect(placeInitialContext(history, [], matcher, 1)).toEqual({ history, summaryIndex: 1 });
  });

  it.each([
    // Context goes before "latest user" (index 0); the summary after it moves by the context's length.
    ["moves a summary after the insertion point", [user("latest user"), user(summary("s"))], 1, 2, 0, "last-real-user"],
    // Context goes before "latest user" (index 1); the summary before it stays.
    [
      "keeps a summary before the insertion point",
      [user(summary("s")), user("latest user")],
      0,
      0,
      1,
      "last-real-user",
    ],
    // No summary (-1) stays -1 even though the context is inserted at the start.
    ["keeps a missing summary missing", [compaction()], -1, -1, 0, "last-compaction"],
  ] as const)("%s", (_name, history, summaryIndex, expectedSummaryIndex, index, anchor) => {
    const placed = placeInitialContext([...history], ctx, matcher, summaryIndex);
    expect({ summaryIndex: placed.summaryIndex, initialContext: placed.initialContext }).toEqual({
      summaryIndex: expectedSummaryIndex,
      initialContext: { index, count: 1, anchor },
    });
    expect(placed.history).toEqual(insertInitialContext(history, ctx, matcher).history);
  });
});
