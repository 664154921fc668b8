// Parsers of hostile nested or long input iterate instead of recursing: a `.rules` file with 100k nested `[`
// or 130k rules is a diagnostic or a result, never `Maximum call stack size exceeded`.
import { spawnSync } from "node:child_process";
import { closeSync, ftruncateSync, mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { discoverPrefixRules, RULES_FILE_MAX_BYTES } from "../../src/discover/discover-prefix-rules.js";
import { parsePrefixRules } from "../../src/discover/parse-prefix-rules.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { tempDir } from "../cli/cli-capture.js";

const dir = tempDir("promptc-hostile-nested-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DEPTH = 100_000;

describe("exec-policy .rules files", () => {
  it("reports 100k nested [ as a syntax error, not a stack overflow", () => {
    const r = parsePrefixRules(`prefix_rule(pattern=${"[".repeat(DEPTH)}"a"${"]".repeat(DEPTH)})\n`, "deep.rules");
    expect(r.value).toEqual([]);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      "deep.rules:1:13: `pattern` items must be strings or non-empty lists of strings",
    ]);
  });

  it("reports 100k unclosed [ as a syntax error", () => {
    const r = parsePrefixRules(`prefix_rule(pattern=${"[".repeat(DEPTH)}\n`, "open.rules");
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["rules/syntax-error"]);
  });

  it("still reads nested alternatives and trailing commas", () => {
    const r = parsePrefixRules(`prefix_rule(pattern=["git", ["log", "show",],], decision="allow",)\n`, "ok.rules");
    expect(r).toEqual({
      value: [{ pattern: ["git", "[log|show]"], decision: "allow", file: "ok.rules", line: 1 }],
      diagnostics: [],
    });
  });

  it("reads a long rules file without spreading it onto the stack", () => {
    // 130k rules overflowed the default stack (push(...rules)); the same code on a stack a tenth the size fails
    // at 30k rules, which keeps this test fast.
    const home = join(dir, "codex-home");
    mkdirSync(join(home, "rules"), { recursive: true });
    writeFileSync(
      join(home, "rules", "many.rules"),
      Array.from({ length: 30_000 }, (_, i) => `prefix_rule(pattern=["cmd${i}"], decision="allow")\n`).join(""),
    );
    const script = join(dir, "many-rules-child.mjs");
    const contents = `import { discoverPrefixRules } from "./src/discover/discover-prefix-rules.ts";
import { createNodeHost } from "./src/host/node-host.ts";
const r = discoverPrefixRules(createNodeHost(), ${JSON.stringify(home)});
process.stdout.write(JSON.stringify({ rules: r.value.rules.length, approved: r.value.approvedPrefixes.length }));
`;
    buildSync({
      stdin: { contents, resolveDir: join(import.meta.dirname, "..", ".."), loader: "ts" },
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: script,
      logLevel: "error",
    });
    const child = spawnSync(process.execPath, ["--stack-size=98", script], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    expect(JSON.parse(child.stdout)).toEqual({ rules: 30_000, approved: 30_000 });
  });

  it("reports a rules file over the read cap instead of reading it", () => {
    const home = join(dir, "codex-home-big");
    mkdirSync(join(home, "rules"), { recursive: true });
    const fd = openSync(join(home, "rules", "big.rules"), "w");
    ftruncateSync(fd, RULES_FILE_MAX_BYTES + 1);
    closeSync(fd);
    const r = discoverPrefixRules(createNodeHost(), home);
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["rules/too-large", "rules/all-ignored"]);
  });
});
