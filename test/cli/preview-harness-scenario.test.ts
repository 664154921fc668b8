// `preview --scenario F --turn N` and `diff F --turns 1,2` on a harness profile's scenario: the harness's own
// request body (turn 2 the resumed one), compared as that provider's prefix cache sees it.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture, tempDir } from "./cli-capture.js";

const FIXTURE = (profile: string) =>
  fileURLToPath(new URL(`../../fixtures/scenarios/${profile}-two-turn.yaml`, import.meta.url));

describe("preview --scenario and diff --turns on harness scenarios", () => {
  it.each([
    ["claude-code", "now list its tests", "It is a small Node project."],
    ["gemini-cli", "add a test", "Not much yet."],
    ["pi", "run the build", "Done."],
  ])("%s: turn 2 carries turn 1's reply and the new message, and extends turn 1", async (p, second, reply) => {
    const dir = tempDir("promptc-harness-scenario-");
    const turn = async (n: number) => {
      const c = capture(dir);
      expect(await run(["preview", "--scenario", FIXTURE(p), "--turn", String(n), "--json"], c.io), c.err()).toBe(0);
      return c.out();
    };
    const [one, two] = [await turn(1), await turn(2)];
    expect([one.includes(reply), one.includes(second), two.includes(reply), two.includes(second)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    const d = capture(dir);
    expect(await run(["diff", FIXTURE(p), "--turns", "1,2", "--json"], d.io), d.err()).toBe(0);
    expect(JSON.parse(d.out()).extendsPrefix).toBe(true);
  });

  it("refuses --html for a harness scenario (no envelope manifest)", async () => {
    const c = capture(tempDir("promptc-harness-scenario-"));
    expect(await run(["preview", "--scenario", FIXTURE("claude-code"), "--html", "out.html"], c.io)).toBe(2);
    expect(c.err()).toMatch(/--html reads the envelope layout's manifest, which the claude-code profile has not/);
  });
});
