// Verbs that write a folder or file given on the command line: one that cannot be made is exit 2 with a
// one-line reason, never a crash (the folder helper itself is tested against /proc in test/host/).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture, tempDir } from "./cli-capture.js";

const FAKE = fileURLToPath(new URL("../capture/fixtures/fake-agent.mjs", import.meta.url));
const dir = tempDir("promptc-unwritable-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** A file where a folder should go: every write below it fails with EEXIST (or ENOTDIR). */
const blocker = join(dir, "blocker");
writeFileSync(blocker, "x");

const env = { PATH: process.env.PATH ?? "", FAKE_AGENT_MODE: "codex" };

describe("unwritable output paths", () => {
  it.each([
    [
      "capture -o",
      ["capture", "--agent", "codex", "-o", join(blocker, "cap"), "--", FAKE, "x"],
      /^promptc capture: cannot write .*blocker: already exists\n$/,
    ],
    [
      "capture --html",
      ["capture", "--agent", "codex", "--html", join(blocker, "r.html"), "--", FAKE, "x"],
      /^promptc capture: cannot write .*blocker\/r\.html: a part of the path is not a directory\n$/,
    ],
  ])("%s exits 2 with one line on stderr", async (_name, argv, message) => {
    const c = capture(dir, env);
    expect(await run(argv, c.io)).toBe(2);
    // The agent's own output goes to stderr first; the reason is the last line.
    expect(
      c
        .err()
        .split(/(?<=\n)/)
        .at(-1),
    ).toMatch(message);
  });

  it("calibrate -o exits 2 with one line on stderr", async () => {
    const captured = join(dir, "cap");
    expect(await run(["capture", "--agent", "codex", "-o", captured, "--", FAKE, "x"], capture(dir, env).io)).toBe(0);
    const c = capture(dir, env);
    expect(await run(["calibrate", captured, "--profile", "codex", "-o", join(blocker, "prose")], c.io)).toBe(2);
    // Calibration warnings come first; the reason is the last line.
    expect(
      c
        .err()
        .split(/(?<=\n)/)
        .at(-1),
    ).toMatch(/^promptc calibrate: cannot write .*blocker: already exists\n$/);
  });

  it("snapshot -o (--out) reports the scenario's files as unwritable and exits 2", async () => {
    const project = join(dir, "project");
    mkdirSync(join(project, "fixtures", "scenarios"), { recursive: true });
    writeFileSync(
      join(project, "fixtures", "scenarios", "plain.yaml"),
      'profile: codex\nsession: { id: s-1, date: "2026-11-29", timezone: Etc/UTC, shell: bash }\nsettings: { cwd: /repo, sandbox: read-only, approval: never }\nfiles: { /repo/.git: { dir: true } }\nturns:\n  - user: one\n',
    );
    const c = capture(project);
    expect(await run(["snapshot", "-o", join(blocker, "snaps"), "--json"], c.io)).toBe(2);
    expect(c.err()).toBe("promptc snapshot: plain: not compiled or not written (see the report)\n");
    const report = JSON.parse(c.out()) as { scenarios: { files: { status: string; error?: string }[] }[] };
    expect(report.scenarios.flatMap((s) => s.files.map((f) => [f.status, /^EEXIST/.test(f.error ?? "")]))).toEqual([
      ["unwritable", true],
      ["unwritable", true],
    ]);
  });
});
