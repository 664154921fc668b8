import { describe, expect, it } from "vitest";
import {
  planLocalRetry,
  reconnectingEventText,
  startLocalCompact,
  trimmedItemsEventText,
  COMPACT_WARNING_TEXT,
} from "../../src/compact/plan-local-retry.js";
import { call, output, user } from "./items.js";

describe("planLocalRetry", () => {
  it("retries with exactly one fewer item after a window error, then reports the trim", () => {
    const start = startLocalCompact([user("oldest"), user("newer"), user("prompt")]);
    const first = planLocalRetry(start, { type: "context-window-exceeded" }, 5);
    expect(first).toEqual({
      action: "retry",
      state: { input: [user("newer"), user("prompt")], truncatedCount: 1, retries: 0 },
    });
    if (first.action !== "retry") throw new Error("expected a retry");
    expect(planLocalRetry(first.state, { type: "success" }, 5)).toEqual({
      action: "done",
      events: [
        "Trimmed 1 older thread item(s) before compacting so the prompt fits the model context window.",
        COMPACT_WARNING_TEXT,
      ],
    });
  });

  it("removes a call together with its output", () => {
    const plan = planLocalRetry(
      startLocalCompact([call("c1"), output("c1"), user("p")]),
      { type: "context-window-exceeded" },
      5,
    );
    expect(plan).toMatchObject({ action: "retry", state: { input: [user("p")] } });
  });

  it("fails and marks tokens full when a single item does not fit", () => {
    expect(planLocalRetry(startLocalCompact([user("p")]), { type: "context-window-exceeded" }, 5)).toEqual({
      action: "fail",
      reason: "context-window-exceeded",
      markTokensFull: true,
    });
  });

  it("reconnects on stream errors up to the limit, then fails", () => {
    const s0 = startLocalCompact([user("p")]);
    const r1 = planLocalRetry(s0, { type: "stream-error", message: "boom" }, 1);
    expect(r1).toEqual({ action: "retry", state: { ...s0, retries: 1 }, event: "Reconnecting... 1/1" });
    if (r1.action !== "retry") throw new Error("expected a retry");
    expect(planLocalRetry(r1.state, { type: "stream-error", message: "boom" }, 1)).toEqual({
      action: "fail",
      reason: "stream-error",
      markTokensFull: false,
      message: "boom",
    });
  });

  it("emits only the warning when nothing was trimmed", () => {
    expect(planLocalRetry(startLocalCompact([user("p")]), { type: "success" }, 5)).toEqual({
      action: "done",
      events: [COMPACT_WARNING_TEXT],
    });
  });
});

describe("event texts", () => {
  it("match Codex's wording", () => {
    expect(trimmedItemsEventText(3)).toBe(
      "Trimmed 3 older thread item(s) before compacting so the prompt fits the model context window.",
    );
    expect(reconnectingEventText(2, 5)).toBe("Reconnecting... 2/5");
  });
});
