import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../../src/cli/program.js";
import { colorFor } from "../../../src/cli/format/style.js";
import { capture } from "../cli-capture.js";

describe("colorFor", () => {
  it.each([
    [{}, false, undefined, false],
    [{}, true, undefined, true],
    [{ NO_COLOR: "1" }, true, undefined, false],
    [{ NO_COLOR: "" }, true, undefined, true],
    [{ FORCE_COLOR: "1", NO_COLOR: "1" }, false, undefined, true],
    [{ FORCE_COLOR: "0" }, true, undefined, false],
    [{ TERM: "dumb" }, true, undefined, false],
    [{ NO_COLOR: "1" }, false, true, true],
    [{ FORCE_COLOR: "1" }, true, false, false],
  ])("env %j, TTY %s, flag %s → %s", (env, isTTY, flag, want) => {
    expect(colorFor({ env, isTTY }, flag)).toBe(want);
  });
});

describe("--color and --no-color", () => {
  const verbs = ["preview", "lint", "snapshot", "diff", "compact", "capture", "calibrate"];
  it.each(verbs)("are both offered by promptc %s", async (verb) => {
    const c = capture("/");
    await run([verb, "--help"], c.io);
    expect([/^\s+--color\s+force colours/m.test(c.out()), /^\s+--no-color\s+no colours$/m.test(c.out())]).toEqual([
      true,
      true,
    ]);
  });
});

describe("--color on a pipe", () => {
  const dir = mkdtempSync(join(tmpdir(), "promptc-color-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const request = (text: string) =>
    JSON.stringify({
      model: "m",
      instructions: "i",
      input: [{ type: "message", role: "user", content: [{ type: "input_text", text }] }],
    });
  writeFileSync(join(dir, "a.json"), request("hi"));
  writeFileSync(join(dir, "b.json"), request("ho"));

  it.each([
    [[], {}, false],
    [["--color"], {}, true],
    [["--color"], { NO_COLOR: "1" }, true],
    [["--no-color"], { FORCE_COLOR: "1" }, false],
    [[], { FORCE_COLOR: "1" }, true],
  ])("diff %j with env %j colours: %s", async (flags, env, coloured) => {
    const c = capture(dir, env);
    await run(["diff", "a.json", "b.json", ...flags], c.io);
    expect(c.out().includes("\u001b[")).toBe(coloured);
  });
});
