import { describe, expect, it } from "vitest";
import { seededRandom } from "./seeded-random.js";

describe("seededRandom", () => {
  it("repeats its sequence for a seed and differs between seeds", () => {
    const take = (seed: number) => {
      const r = seededRandom(seed);
      return Array.from({ length: 5 }, () => r());
    };
    expect(take(42)).toEqual(take(42));
    expect(take(42)).not.toEqual(take(43));
  });

  it("stays within [0, 1) and spreads over it", () => {
    const r = seededRandom(7);
    const values = Array.from({ length: 10_000 }, () => r());
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const buckets = new Set(values.map((v) => Math.floor(v * 10)));
    expect([...buckets].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
