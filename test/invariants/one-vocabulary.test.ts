// Every fact once: the sandbox-mode and approval-policy lists are spelled out only in src/model/permission-modes.ts,
// and the version only in src/cli/promptc-version.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { APPROVAL_POLICIES, SANDBOX_MODES } from "../../src/model/permission-modes.js";
import { SRC, sourceFiles } from "./source-files.js";

/** Two or more values of a list written next to each other as string literals, in any order. */
function spelledOut(values: readonly string[]): RegExp {
  const one = values.map((v) => v.replace(/[-]/g, "\\-")).join("|");
  return new RegExp(`["'](?:${one})["']\\s*[,|]\\s*["'](?:${one})["']`);
}

const FACTS: { name: string; home: string; pattern: RegExp }[] = [
  { name: "sandbox modes", home: "model/permission-modes.ts", pattern: spelledOut(SANDBOX_MODES) },
  { name: "approval policies", home: "model/permission-modes.ts", pattern: spelledOut(APPROVAL_POLICIES) },
  { name: "version", home: "cli/promptc-version.ts", pattern: /\bPROMPTC_VERSION\s*=|cli_version:\s*["']\d/ },
];

describe("one vocabulary", () => {
  it.each(FACTS)("spells out the $name only in $home", ({ home, pattern }) => {
    const hits = sourceFiles()
      .filter((f) => f !== home && !f.endsWith(".generated.ts"))
      .flatMap((f) =>
        readFileSync(join(SRC, f), "utf8")
          .split("\n")
          .flatMap((line, i) => (pattern.test(line) ? [`${f}:${i + 1}`] : [])),
      );
    expect(hits).toEqual([]);
  });

  it("recognises a list spelled out in another order", () => {
    expect([
      spelledOut(SANDBOX_MODES).test('["workspace-write", "read-only"]'),
      spelledOut(APPROVAL_POLICIES).test('"never" | "untrusted"'),
      spelledOut(SANDBOX_MODES).test('"read-only"'),
    ]).toEqual([true, true, false]);
  });
});
