import { describe, expect, it } from "vitest";
import { compactCodexRemote } from "../../src/compact/codex-remote-strategy.js";
import type { ResponseItem } from "../../src/model/items.js";
import {
  agents,
  assistant,
  call,
  compaction,
  dev,
  env,
  ghost,
  layout,
  output,
  PREFIX,
  summary,
  user,
} from "./items.js";

const ctx = [dev("<permissions instructions>fresh</permissions instructions>"), env("/repo")];
const run = (history: ResponseItem[], remoteOutput: ResponseItem[] | undefined, initialContext?: ResponseItem[]) =>
  compactCodexRemote({
    strategy: "codex-remote",
    history,
    summaryPrefix: PREFIX,
    ...(remoteOutput ? { remoteOutput } : {}),
    ...(initialContext ? { initialContext } : {}),
  });
const ENV = "user:<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>";
const DEV = "developer:<permissions instructions>fresh</permissions instructions>";

describe("compactCodexRemote", () => {
  it.each([
    // Stale developer messages replaced by fresh context before the (real) "summary" message.
    [
      "replaces developer messages",
      [dev("stale permissions"), user("summary"), dev("stale personality")],
      ctx,
      [DEV, ENV, "user:summary"],
    ],
    // Contextual fragments and developer items dropped.
    [
      "drops non-user content",
      [agents("/r", "x"), env("/old"), user("<turn_aborted>\nx\n</turn_aborted>"), user("summary"), dev("d")],
      ctx,
      [DEV, ENV, "user:summary"],
    ],
    // A fresh context that starts with a model-switch section lands before the summary.
    [
      "re-injects a model switch",
      [user("summary")],
      [dev("<model_switch>\nnow gpt-x\n</model_switch>")],
      ["developer:<model_switch>\nnow gpt-x\n</model_switch>", "user:summary"],
    ],
    // Summary-only output, mid-turn → context before the compaction item.
    ["puts context before a lone compaction item", [compaction()], ctx, [DEV, ENV, "compaction"]],
    [
      "puts context before the last user message",
      [user("USER_ONE"), compaction()],
      ctx,
      [DEV, ENV, "user:USER_ONE", "compaction"],
    ],
    // User messages returned by the server are kept, developer items dropped; no injection pre-turn.
    [
      "keeps returned user messages",
      [user("USER_ONE"), user("USER_TWO"), compaction(), dev("x")],
      undefined,
      ["user:USER_ONE", "user:USER_TWO", "compaction"],
    ],
    [
      "keeps assistant messages and summaries, drops tool traffic",
      [assistant("a"), call("c"), output("c"), user(summary("s")), compaction()],
      undefined,
      ["assistant:a", "user:SUMMARY(s)", "compaction"],
    ],
  ])("%s", (_name, remoteOutput, initialContext, expected) => {
    const result = run([user("USER_ONE")], remoteOutput, initialContext);
    expect(layout(result.history)).toEqual(expected);
  });

  it("skips the request when there is no history", () => {
    const result = run([], undefined);
    expect(result.history).toEqual([]);
    expect(result.remote).toEqual({ trimmed: [], simulated: false, requestSkipped: true });
  });

  it("simulates the server output in a dry run and appends ghost snapshots", () => {
    const history = [dev("d"), env("/a"), user("one"), ghost("g1"), assistant("done"), user("two"), ghost("g2")];
    const result = run(history, undefined, ctx);
    expect(layout(result.history)).toEqual([
      "user:one",
      DEV,
      ENV,
      "user:two",
      "compaction",
      "ghost_snapshot",
      "ghost_snapshot",
    ]);
    expect(result.summaryIndex).toBe(4);
    expect(result.ghostIndexes).toEqual([5, 6]);
    expect(result.remote?.simulated).toBe(true);
    expect(result.events).toEqual([]);
  });
});
