// Intl starts ICU on first use (~14 ms and ~8 MiB of preview's start-up): numbers go through formatCount, and
// only the two places that must know a real timezone may touch Intl, and the run memo's watcher, which replaces
// Intl.DateTimeFormat for a run to see whether it asks for the system's zone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatCount } from "../../src/model/format-count.js";
import { sourceFiles, SRC } from "./source-files.js";

const INTL = /\btoLocaleString\(|\bIntl\./;
const ALLOWED = ["discover/resolve-environment.ts", "host/node-host.ts", "cli/run-memo/watch-process.ts"];

describe("Intl", () => {
  it("is used only where a timezone must be resolved", () => {
    const found = sourceFiles().filter((f) => !ALLOWED.includes(f) && INTL.test(readFileSync(join(SRC, f), "utf8")));
    expect(found).toEqual([]);
  });
});

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [32768, "32,768"],
    [1048576, "1,048,576"],
    [-2766, "-2,766"],
  ])("formats %d as en-US does", (n, expected) => {
    expect(formatCount(n)).toBe(expected);
    expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });
});
