import { describe, expect, it } from "vitest";
import { collapseSegments, normalizePath } from "../../src/discover/paths.js";

describe("normalizePath", () => {
  it.each<[string, string]>([
    ["", "."],
    ["/", "/"],
    ["//", "/"],
    ["/a/b", "/a/b"],
    ["/a//b/", "/a/b"],
    ["/a/./b/../c", "/a/c"],
    ["/..", "/"],
    ["a/../..", ".."],
    ["./a", "a"],
    ["a/...", "a/..."],
    ["/a/.hidden/b..c", "/a/.hidden/b..c"],
  ])("%j → %j", (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });

  it("equals the general algorithm on every path of up to five generated segments", () => {
    const segments = ["", "a", "b.c", ".", "..", "...", ".x", "x.", "é"];
    const paths: string[] = [];
    const grow = (prefix: string, depth: number): void => {
      paths.push(prefix, `/${prefix}`, `${prefix}/`);
      if (depth === 0) return;
      for (const s of segments) grow(prefix === "" ? s : `${prefix}/${s}`, depth - 1);
    };
    grow("", 5);
    const differing = paths.filter((p) => normalizePath(p) !== collapseSegments(p));
    expect({ differing, checked: paths.length > 100_000 }).toEqual({ differing: [], checked: true });
  });
});
