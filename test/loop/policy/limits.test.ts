import { describe, expect, it } from "vitest";
import { clampToolTimeout, resolveConcurrency } from "../../../src/loop/policy/limits.js";

describe("clampToolTimeout", () => {
  it.each([
    [undefined, 120_000],
    [1, 10_000],
    [30_000, 30_000],
    [10 * 60 * 60_000, 60 * 60_000],
    [Number.NaN, 120_000],
  ])("clamps %s to %s", (requested, expected) => {
    expect(clampToolTimeout(requested)).toBe(expected);
  });

  it("honours custom bounds", () => {
    expect(clampToolTimeout(5, { minMs: 1, maxMs: 100 })).toBe(5);
  });
});

describe("resolveConcurrency", () => {
  it.each([
    [undefined, 16],
    [0, 1],
    [8, 8],
    [64, 64],
    [1000, 64],
  ])("resolves %s to %s", (requested, expected) => {
    expect(resolveConcurrency(requested)).toBe(expected);
  });
});
