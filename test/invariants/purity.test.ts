// Invariant 3 (DESIGN.md): the pure core never touches node:*, process, the clock, randomness or the console.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles, SRC } from "./source-files.js";

// setup/ is not among them on purpose: it reads only through the Host and Machine ports the edge hands in
// (cli/node-setup-ports.ts, a scenario's fixed ones), so it stays checked here.
const IO_ALLOWED = [
  /^capture\/server\//,
  /^host\//,
  /^discover\//,
  /^lint\/workspace\//,
  /^cli\//,
  /^loop\/providers\//,
  /^loop\/tools\//,
  /^node\.ts$/,
  /^bin\.ts$/,
];
const FORBIDDEN: [string, RegExp][] = [
  ["node:* import", /from\s+["']node:|import\(\s*["']node:|require\(\s*["']node:/],
  ["bare node builtin import", /from\s+["'](fs|path|os|child_process|process|crypto|url|util)(\/[a-z]+)?["']/],
  ["process", /\bprocess\.(env|cwd|argv|exit|stdout|stderr|stdin|platform|hrtime)\b/],
  ["Date", /\bDate\.now\(|\bnew Date\(/],
  ["Math.random", /\bMath\.random\(/],
  ["console", /\bconsole\.[a-z]+\(/],
];

describe("pure core", () => {
  const files = sourceFiles().filter((f) => !IO_ALLOWED.some((re) => re.test(f)));

  it("has files to check", () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it.each(files)("%s touches no IO, clock, randomness or console", (file) => {
    const text = readFileSync(join(SRC, file), "utf8");
    const found = FORBIDDEN.filter(([, re]) => re.test(text)).map(([name]) => name);
    expect(found).toEqual([]);
  });

  it("catches a forbidden import (self-check)", () => {
    expect(FORBIDDEN.some(([, re]) => re.test('import { readFileSync } from "node:fs";'))).toBe(true);
    expect(FORBIDDEN.some(([, re]) => re.test("const t = Date.now();"))).toBe(true);
  });
});
