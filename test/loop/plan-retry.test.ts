import { describe, expect, it } from "vitest";
import { planRetry, retryAfterDelayMs } from "../../src/loop/plan-retry.js";

const policy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1_000 };
const NOW = Date.parse("2026-11-29T12:00:00Z");

describe("planRetry", () => {
  it.each([
    [
      { attempt: 0, jitter: 0.5 },
      { retry: true, delayMs: 100 },
    ],
    [
      { attempt: 2, jitter: 0.5 },
      { retry: true, delayMs: 400 },
    ],
    [
      { attempt: 2, jitter: 0 },
      { retry: true, delayMs: 360 },
    ],
    [
      { attempt: 2, jitter: 0.5, retryAfter: "2" },
      { retry: true, delayMs: 2_000 },
    ],
    [
      { attempt: 0, jitter: 0.5, retryAfterMs: "150" },
      { retry: true, delayMs: 150 },
    ],
    [
      { attempt: 3, jitter: 0.5 },
      { retry: false, reason: "gave up after 3 retries" },
    ],
    [
      { attempt: 0, jitter: 0.5, retryAfter: "3600" },
      { retry: false, reason: "server asked to wait 3600 s" },
    ],
  ])("plans %j", (input, expected) => {
    expect(planRetry({ policy, nowMs: NOW, ...input })).toEqual(expected);
  });

  it("caps the exponential delay at maxDelayMs", () => {
    expect(planRetry({ policy: { ...policy, maxRetries: 10 }, attempt: 8, jitter: 0.5, nowMs: NOW })).toEqual({
      retry: true,
      delayMs: 1_000,
    });
  });
});

describe("retryAfterDelayMs", () => {
  it.each([
    [{ retryAfter: "Sun, 29 Nov 2026 12:00:03 GMT" }, 3_000],
    [{ retryAfter: "Sun, 29 Nov 2026 11:00:00 GMT" }, 0],
    [{ retryAfter: "soon" }, undefined],
    [{ retryAfter: "1.5" }, 1_500],
    [{}, undefined],
  ])("reads %j", (headers, expected) => {
    expect(retryAfterDelayMs({ nowMs: NOW, ...headers })).toEqual(expected);
  });
});
