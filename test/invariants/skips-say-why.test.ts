// Invariant: a skipped test always prints why. Every conditional skip in test/ goes through skipBecause()
// (test/skip-because.ts), which prints `what: skipped: reason`; unconditional skips and todos are not allowed.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const TEST = join(import.meta.dirname, "..");

/** Test sources: .ts files under test/, not following links, outside data folders (fixtures, the precision suite). */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === "fixtures" || e.name === "precision" ? [] : testFiles(full);
    return e.isFile() && e.name.endsWith(".ts") ? [full] : [];
  });
}

/** `file:line  text` for each skip that does not say why. */
function silentSkips(): string[] {
  const out: string[] = [];
  for (const file of testFiles(TEST)) {
    if (file.endsWith("skips-say-why.test.ts")) continue;
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        const skip = /\b(?:it|test|describe)\.(?:skipIf|runIf|skip|todo)\(|\.(?:skipIf|runIf)\(/.test(line);
        if (skip && !/\.skipIf\(skipBecause\(/.test(line)) out.push(`${relative(TEST, file)}:${i + 1}  ${line.trim()}`);
      });
  }
  return out;
}

describe("skipped tests", () => {
  it("say why: every skipIf in test/ is skipIf(skipBecause(what, reason)), and nothing is skipped unconditionally", () => {
    expect(silentSkips()).toEqual([]);
  });
});
