import { describe, expect, it } from "vitest";
import { compactCodexLocal } from "../../src/compact/codex-local-strategy.js";
import { COMPACT_WARNING_TEXT } from "../../src/compact/plan-local-retry.js";
import type { ResponseItem } from "../../src/model/items.js";
import { assistant, call, dev, env, ghost, layout, output, PREFIX, skill, user } from "./items.js";

const DEV = dev("<permissions instructions>p</permissions instructions>");
const ENV = env("/repo");
const L_DEV = "developer:<permissions instructions>p</permissions instructions>";
const L_ENV = "user:<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>";
const run = (history: ResponseItem[], reply: string, initialContext?: ResponseItem[]) =>
  compactCodexLocal({
    strategy: "codex-local",
    history,
    summaryPrefix: PREFIX,
    summaryReply: reply,
    ...(initialContext ? { initialContext } : {}),
  });

describe("compactCodexLocal", () => {
  it.each([
    // Manual compact with history, context not injected.
    [
      "manual compact with history",
      [DEV, ENV, user("first manual turn"), assistant("FIRST_REPLY")],
      "FIRST_MANUAL_SUMMARY",
      undefined,
      ["user:first manual turn", "user:SUMMARY(FIRST_MANUAL_SUMMARY)"],
    ],
    // No previous user message → the summary alone.
    [
      "manual compact without a previous user message",
      [],
      "MANUAL_EMPTY_SUMMARY",
      undefined,
      ["user:SUMMARY(MANUAL_EMPTY_SUMMARY)"],
    ],
    // Mid-turn, context re-injected before the last real user message, summary last.
    [
      "mid-turn compaction",
      [DEV, ENV, user("function call limit push"), call("c1"), output("c1", "unsupported call: test_tool")],
      "AUTO_SUMMARY",
      [DEV, ENV],
      [L_DEV, L_ENV, "user:function call limit push", "user:SUMMARY(AUTO_SUMMARY)"],
    ],
    // Pre-turn; the incoming USER_THREE is not part of the compacted history.
    [
      "pre-turn compaction",
      [DEV, ENV, user("USER_ONE"), assistant("FIRST_REPLY"), user("USER_TWO"), assistant("SECOND_REPLY")],
      "PRE_TURN_SUMMARY",
      undefined,
      ["user:USER_ONE", "user:USER_TWO", "user:SUMMARY(PRE_TURN_SUMMARY)"],
    ],
    // Model switch compaction with the previous model's context.
    [
      "pre-sampling model switch",
      [DEV, ENV, user("before switch"), assistant("a")],
      "S",
      undefined,
      ["user:before switch", "user:SUMMARY(S)"],
    ],
    // codex-cli 0.171.0 capture: the first pre-turn compaction re-injects the context before "first task".
    [
      "0.171.0 first pre-turn compaction",
      [DEV, ENV, user("first task"), assistant("Done.")],
      "Done.",
      [DEV, ENV],
      [L_DEV, L_ENV, "user:first task", "user:SUMMARY(Done.)"],
    ],
    // codex-cli 0.171.0 capture: the second one keeps both tasks, drops the old summary, context before the newest task.
    [
      "0.171.0 second pre-turn compaction",
      [DEV, ENV, user("first task"), user(`${PREFIX}\nDone.`), user("second task"), assistant("Done.")],
      "Done.",
      [DEV, ENV],
      ["user:first task", L_DEV, L_ENV, "user:second task", "user:SUMMARY(Done.)"],
    ],
    // codex-cli 0.171.0 capture: mid-turn after a tool call (reasoning, call, output) → summary last, context first.
    [
      "0.171.0 mid-turn compaction",
      [
        DEV,
        ENV,
        user("please run: echo hello"),
        { type: "reasoning", summary: [], encrypted_content: "Z".repeat(800) },
        call("call_1"),
        output("call_1", "hello\n"),
      ],
      "Done.",
      [DEV, ENV],
      [L_DEV, L_ENV, "user:please run: echo hello", "user:SUMMARY(Done.)"],
    ],
  ] as [string, ResponseItem[], string, ResponseItem[] | undefined, string[]][])(
    "%s",
    (_name, history, reply, ctx, expected) => {
      const result = run(history, reply, ctx);
      expect(layout(result.history)).toEqual(expected);
      expect(result.summaryIndex).toBe(expected.length - 1);
      expect(result.events).toEqual([COMPACT_WARNING_TEXT]);
    },
  );

  it("appends ghost snapshots in order after the summary and reports where things landed", () => {
    const history = [ghost("g1"), DEV, ENV, user("u1"), ghost("g2"), assistant("a"), skill("alpha"), user("u2")];
    const result = compactCodexLocal({
      strategy: "codex-local",
      history,
      summaryPrefix: PREFIX,
      summaryReply: "S",
      initialContext: [DEV, ENV],
      pins: [{ fragment: "skill" }],
    });
    expect(layout(result.history)).toEqual([
      "user:u1",
      L_DEV,
      L_ENV,
      "user:u2",
      "user:SUMMARY(S)",
      layout([skill("alpha")])[0],
      "ghost_snapshot",
      "ghost_snapshot",
    ]);
    expect(result.history.slice(-2)).toEqual([ghost("g1"), ghost("g2")]);
    expect(result).toMatchObject({
      summaryIndex: 4,
      initialContext: { index: 1, count: 2, anchor: "last-real-user" },
      pinnedIndexes: [5],
      ghostIndexes: [6, 7],
      userMessages: [
        { historyIndex: 3, fate: "kept", tokens: 1 },
        { historyIndex: 7, fate: "kept", tokens: 1 },
      ],
    });
  });
});
