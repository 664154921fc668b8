import { describe, expect, it } from "vitest";
import { trimForRemote } from "../../src/compact/trim-for-remote.js";
import { assistant, call, dev, layout, output, user } from "./items.js";

describe("trimForRemote", () => {
  // The huge trailing call/output pair goes, the small first pair stays.
  it("drops the trailing tool output together with its call until the history fits", () => {
    const history = [
      user("turn one"),
      call("c1", '{"cmd":"echo hi"}'),
      output("c1", "hi"),
      user("turn two"),
      call("c2", '{"cmd":"yes x | head -n 3000"}'),
      output("c2", "x\n".repeat(3000)),
    ];
    const result = trimForRemote(history, { contextWindow: 1000 });
    expect(layout(result.history)).toEqual([
      "user:turn one",
      "function_call:c1",
      "function_call_output:c1",
      "user:turn two",
    ]);
    expect(layout(result.removed)).toEqual(["function_call_output:c2", "function_call:c2"]);
    expect(result.estimateAfter).toBeLessThanOrEqual(1000);
  });

  it("stops at a user, assistant or reasoning item even when over the window", () => {
    const history = [dev("d".repeat(9000)), user("u".repeat(9000)), assistant("a")];
    expect(trimForRemote(history, { contextWindow: 10 }).history).toEqual(history);
  });

  it("removes trailing developer messages", () => {
    const history = [user("u"), dev("d".repeat(400))];
    expect(layout(trimForRemote(history, { contextWindow: 50 }).history)).toEqual(["user:u"]);
  });

  it("does nothing when the window is unknown", () => {
    const history = [user("u"), call("c"), output("c", "x".repeat(10_000))];
    expect(trimForRemote(history, { contextWindow: undefined }).removed).toEqual([]);
  });

  it("counts the base instructions against the window", () => {
    const history = [user("u"), call("c"), output("c", "ok")];
    expect(trimForRemote(history, { contextWindow: 100, baseInstructions: "b".repeat(1000) }).removed).toHaveLength(2);
  });
});
