// Two suites on one machine (two CI jobs, two checkouts) must never share a path: a test that touches the disk makes
// its own folder (mkdtemp, test/scratch-dir.ts), never a fixed one under /tmp, /var/tmp or the temp folder.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const TEST = join(import.meta.dirname, "..");
/** A file that can touch the disk or start a process (a pure test's "/tmp/x" is only data). */
const TOUCHES_DISK = /from "node:(fs|fs\/promises|child_process)"/;
/** A literal path under /tmp or /var/tmp, or a fixed name joined to the temp folder outside mkdtemp. */
const FIXED_PATH = [/["'`]\/(var\/)?tmp\/[^"'`\s]/, /(?<!mkdtempSync\()join\(tmpdir\(\), ["'`]/];

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === "fixtures" ? [] : testFiles(full);
    return /\.(ts|mjs)$/.test(name) ? [full] : [];
  });
}

export function fixedPathsIn(text: string): boolean {
  return TOUCHES_DISK.test(text) && FIXED_PATH.some((re) => re.test(text));
}

describe("test files", () => {
  it("name no fixed path under /tmp, /var/tmp or the temp folder (conformance included)", () => {
    const files = testFiles(TEST);
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .filter((f) => f !== import.meta.filename && fixedPathsIn(readFileSync(f, "utf8")))
      .map((f) => relative(TEST, f));
    expect(found).toEqual([]);
  });

  it("are recognised by the patterns (self-check)", () => {
    const fs = 'import { rmSync } from "node:fs";\n';
    expect(
      [
        `${fs}const COPY = "/tmp/promptc-preview-test/basic";`,
        `${fs}touch(\`/var/tmp/x-\${process.pid}\`);`,
        `${fs}writeFileSync(join(tmpdir(), "promptc-cache.json"), b);`,
        `${fs}const dir = mkdtempSync(join(tmpdir(), "promptc-x-"));`,
        `${fs}const dir = useScratchDir("promptc-x-", "/var/tmp");`,
        `const skill = { path: "/tmp/beta" };`,
      ].map(fixedPathsIn),
    ).toEqual([true, true, true, false, false, false]);
  });
});
