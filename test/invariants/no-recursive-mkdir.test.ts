// Folders are made through src/host/make-directories.ts: Node 20's recursive mkdir never returns for a path
// under /proc, so a `promptc … --out /proc/x` would hang instead of exiting 2.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles, SRC } from "./source-files.js";

/** mkdir/mkdirSync with `recursive: true` in the same call. */
const RECURSIVE_MKDIR = /\bmkdir(?:Sync)?\([^;]*?recursive:\s*true/;

describe("recursive mkdir", () => {
  it("is used nowhere in src/ (makeDirectories instead)", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter((f) => RECURSIVE_MKDIR.test(readFileSync(join(SRC, f), "utf8")));
    expect(found).toEqual([]);
  });

  it("is recognised by the pattern (self-check)", () => {
    const samples = [
      "mkdirSync(dir, { recursive: true });",
      "await mkdir(dirname(p), { recursive: true })",
      "mkdirSync(dir);",
      "rmSync(d, { recursive: true })",
    ];
    expect(samples.map((s) => RECURSIVE_MKDIR.test(s))).toEqual([true, true, false, false]);
  });
});
