// Invariant: a skipped test always prints why. A conditional skip in test/ goes through skipBecause()
// (test/skip-because.ts), which prints `what: skipped: reason`, or sits in a file that prints `… skipped: reason`
// itself; unconditional skips and todos are not allowed.
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
    const text = readFileSync(file, "utf8");
    // A file that prints its own skip reason (`console.log(… skipped: …)`) may keep a plain skipIf on that condition.
    const printsReason = /console\.log\([^\n]*skipped: /.test(text);
    const lines = text.split("\n");
    lines.forEach((line, i) => {
      const skip = /\b(?:it|test|describe)\.(?:skipIf|runIf|skip|todo)\(|\.(?:skipIf|runIf)\(/.test(line);
      const unconditional = /\b(?:it|test|describe)\.(?:skip|todo)\(/.test(line);
      // The formatter may break `skipIf(` and its `skipBecause(` argument onto two lines.
      const withNext = `${line}${(lines[i + 1] ?? "").trim()}`;
      if (skip && (unconditional || (!/\.skipIf\(\s*skipBecause\(/.test(withNext) && !printsReason)))
        out.push(`${relative(TEST, file)}:${i + 1}  ${line.trim()}`);
    });
  }
  return out;
}

describe("skipped tests", () => {
  it("say why: every skipIf in test/ prints its reason, and nothing is skipped unconditionally", () => {
    expect(silentSkips()).toEqual([]);
  });
});
