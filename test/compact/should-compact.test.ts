import { describe, expect, it } from "vitest";
import { autoCompactLimit, effectiveContextWindow } from "../../src/compact/auto-compact-limit.js";
import { shouldCompact, totalUsageTokens } from "../../src/compact/should-compact.js";
import { estimateItemTokens } from "../../src/compact/estimate-tokens.js";
import { assistant, call, output, user } from "./items.js";

describe("autoCompactLimit", () => {
  it.each([
    [{ contextWindow: 272_000 }, 244_800],
    [{ contextWindow: 100, configLimit: 200 }, 90], // The config limit is clamped to 90%
    [{ contextWindow: 100, configLimit: 50 }, 50],
    [{ configLimit: 5000 }, 5000], // unknown window → config limit
    [{}, undefined], // neither → never
    [{ contextWindow: 99 }, 89], // integer division
  ])("gives %j → %s", (options, expected) => {
    expect(autoCompactLimit(options)).toBe(expected);
  });
});

describe("effectiveContextWindow", () => {
  it("is 95% of the window, undefined when unknown", () => {
    expect(effectiveContextWindow(272_000)).toBe(258_400);
    expect(effectiveContextWindow(undefined)).toBeUndefined();
  });
});

describe("shouldCompact", () => {
  it.each([
    [
      "pre-turn at the limit",
      { phase: "pre-turn", totalUsage: 91, limit: 90 },
      { compact: true, reason: "limit-reached", usePreviousModel: false },
    ],
    [
      "pre-turn exactly at the limit",
      { phase: "pre-turn", totalUsage: 90, limit: 90 },
      { compact: true, reason: "limit-reached", usePreviousModel: false },
    ],
    [
      "pre-turn below",
      { phase: "pre-turn", totalUsage: 89, limit: 90 },
      { compact: false, reason: "below-limit", usePreviousModel: false },
    ],
    [
      "no limit",
      { phase: "pre-turn", totalUsage: 10 ** 9, limit: undefined },
      { compact: false, reason: "no-limit", usePreviousModel: false },
    ],
    [
      "mid-turn with a follow-up",
      { phase: "mid-turn", totalUsage: 95, limit: 90, followUpPending: true },
      { compact: true, reason: "limit-reached", usePreviousModel: false },
    ],
    [
      "mid-turn without a follow-up",
      { phase: "mid-turn", totalUsage: 95, limit: 90, followUpPending: false },
      { compact: false, reason: "no-follow-up", usePreviousModel: false },
    ],
    [
      "switch to a smaller window",
      {
        phase: "pre-turn",
        totalUsage: 50,
        limit: 1000,
        modelSwitch: {
          previousModel: "big",
          newModel: "small",
          previousEffectiveWindow: 950,
          newEffectiveWindow: 95,
          newLimit: 40,
        },
      },
      { compact: true, reason: "model-switch-to-smaller-window", usePreviousModel: true },
    ],
    [
      "switch to a larger window",
      {
        phase: "pre-turn",
        totalUsage: 50,
        limit: 40,
        modelSwitch: {
          previousModel: "small",
          newModel: "big",
          previousEffectiveWindow: 95,
          newEffectiveWindow: 950,
          newLimit: 40,
        },
      },
      { compact: true, reason: "limit-reached", usePreviousModel: false },
    ],
  ] as const)("decides %s", (_name, options, expected) => {
    expect(shouldCompact(options)).toEqual(expected);
  });
});

describe("totalUsageTokens", () => {
  it("adds estimates of the items after the last model-generated item", () => {
    const history = [user("hello"), assistant("hi"), call("c1"), output("c1", "x".repeat(400)), user("next")];
    const tail = estimateItemTokens(history[3]!) + estimateItemTokens(history[4]!);
    expect(totalUsageTokens({ lastReportedTotal: 1000, history })).toEqual({
      total: 1000 + tail,
      lastReportedTotal: 1000,
      estimatedTail: tail,
      estimatedReasoning: 0,
      tailStart: 3,
    });
  });

  it("adds encrypted reasoning before the last user message when the server did not include it", () => {
    const reasoning = { type: "reasoning" as const, summary: [], encrypted_content: "E".repeat(4000) };
    const history = [user("a"), reasoning, assistant("b"), user("c")];
    const r = estimateItemTokens(reasoning);
    expect(r).toBe(Math.ceil((3000 - 650) / 4));
    expect(totalUsageTokens({ lastReportedTotal: 10, history, reasoningIncluded: false }).estimatedReasoning).toBe(r);
    expect(totalUsageTokens({ lastReportedTotal: 10, history }).estimatedReasoning).toBe(0);
  });
});
