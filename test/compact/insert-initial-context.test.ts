import { describe, expect, it } from "vitest";
import { insertInitialContext } from "../../src/compact/insert-initial-context.js";
import { compaction, dev, env, layout, matcher, summary, user } from "./items.js";

const ctx = [dev("fresh permissions")];

describe("insertInitialContext", () => {
  it.each([
    // §11.6 case 73: the summary stays last.
    ["keeps the summary last", [user("older user"), user("latest user"), user(summary("s"))], ["user:older user", "developer:fresh permissions", "user:latest user", "user:SUMMARY(s)"], "last-real-user"],
    // §11.6 case 73: …keeps_compaction_last.
    ["keeps a compaction item last", [compaction()], ["developer:fresh permissions", "compaction"], "last-compaction"],
    // §11.6 case 71: before the last real user message only.
    ["goes before the last real user message", [user("older user"), user(summary("summary text")), user("latest user")], ["user:older user", "user:SUMMARY(summary text)", "developer:fresh permissions", "user:latest user"], "last-real-user"],
    ["falls back to the last summary", [user(summary("only"))], ["developer:fresh permissions", "user:SUMMARY(only)"], "last-user-or-summary"],
    ["ignores contextual user messages", [env("/a")], ["user:<environment_context>\n  <cwd>/a</cwd>\n</environment_context>", "developer:fresh permissions"], "end"],
    ["appends to an empty history", [], ["developer:fresh permissions"], "end"],
  ])("%s", (_name, history, expected, anchor) => {
    const result = insertInitialContext(history, ctx, matcher);
    expect(layout(result.history)).toEqual(expected);
    expect(result.anchor).toBe(anchor);
  });
});
