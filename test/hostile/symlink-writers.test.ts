// Writers and symlinks a hostile repository can commit: snapshot, calibrate -o, capture -o and the session log
// refuse (one line) to write through a link, dangling or not, or below a linked folder, and delete nothing they
// did not write.
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { openSessionLogFile } from "../../src/host/session-log-file.js";
import { capture, tempDir } from "../cli/cli-capture.js";

const FAKE = fileURLToPath(new URL("../capture/fixtures/fake-agent.mjs", import.meta.url));
const dir = tempDir("promptc-hostile-links-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = (): { project: string; outside: string } => {
  const base = join(dir, String(++n));
  const project = join(base, "project");
  const outside = join(base, "outside");
  mkdirSync(join(project, "fixtures", "scenarios"), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(
    join(project, "fixtures", "scenarios", "plain.yaml"),
    'profile: codex\nsession: { id: s-1, date: "2026-11-29", timezone: Etc/UTC, shell: bash }\nsettings: { cwd: /repo, sandbox: read-only, approval: never }\nfiles: { /repo/.git: { dir: true } }\nturns:\n  - user: one\n',
  );
  return { project, outside };
};

describe("snapshot and symlinks", () => {
  it("does not create a file through a dangling link (even without --update)", async () => {
    const { project, outside } = fresh();
    mkdirSync(join(project, "snapshots", "scenarios", "plain"), { recursive: true });
    symlinkSync(join(outside, "planted"), join(project, "snapshots", "scenarios", "plain", "turn-1.request.json"));
    const c = capture(project);
    expect(await run(["snapshot"], c.io)).toBe(2);
    expect(existsSync(join(outside, "planted"))).toBe(false);
    expect(c.out()).toMatch(/turn-1\.request\.json cannot be written: .*symbolic link/);
  });

  it("does not overwrite a linked file with --update", async () => {
    const { project, outside } = fresh();
    writeFileSync(join(outside, "victim"), "precious\n");
    mkdirSync(join(project, "snapshots", "scenarios", "plain"), { recursive: true });
    symlinkSync(join(outside, "victim"), join(project, "snapshots", "scenarios", "plain", "layout.txt"));
    expect(await run(["snapshot", "-u"], capture(project).io)).toBe(2);
    expect(readFileSync(join(outside, "victim"), "utf8")).toBe("precious\n");
  });

  it.each([
    ["the scenario's folder", ["snapshots", "scenarios", "plain"]],
    ["a folder above it", ["snapshots"]],
  ])("does not write below a linked folder (%s)", async (_name, parts) => {
    const { project, outside } = fresh();
    mkdirSync(join(project, ...parts.slice(0, -1)), { recursive: true });
    symlinkSync(outside, join(project, ...parts));
    const c = capture(project);
    expect(await run(["snapshot"], c.io)).toBe(2);
    expect(existsSync(join(outside, "turn-1.request.json")) || existsSync(join(outside, "scenarios"))).toBe(false);
    expect(c.out()).toMatch(/symbolic link/);
  });

  it("does not delete a stale turn file that is a link", async () => {
    const { project, outside } = fresh();
    expect(await run(["snapshot"], capture(project).io)).toBe(0);
    writeFileSync(join(outside, "victim"), "precious\n");
    const planted = join(project, "snapshots", "scenarios", "plain", "turn-7.request.json");
    symlinkSync(join(outside, "victim"), planted);
    const c = capture(project);
    expect(await run(["snapshot", "-u"], c.io)).toBe(2);
    expect(lstatSync(planted).isSymbolicLink()).toBe(true);
    expect(c.out()).toMatch(/turn-7\.request\.json cannot be written: .*symbolic link/);
  });
});

describe("capture -o and calibrate -o and symlinks", () => {
  const env = { PATH: process.env.PATH ?? "", FAKE_AGENT_MODE: "codex" };

  it("capture -o refuses a planted link in the folder and a linked folder", async () => {
    const { project, outside } = fresh();
    const out = join(project, "cap");
    mkdirSync(out);
    symlinkSync(join(outside, "index"), join(out, "capture.json"));
    const c = capture(project, env);
    expect(await run(["capture", "--agent", "codex", "-o", out, "--", FAKE, "x"], c.io)).toBe(2);
    expect(existsSync(join(outside, "index"))).toBe(false);
    expect(
      c
        .err()
        .split(/(?<=\n)/)
        .at(-1),
    ).toMatch(/^promptc capture: cannot write .*capture\.json.*symbolic link[^\n]*\n$/);

    symlinkSync(outside, join(project, "linked"));
    const c2 = capture(project, env);
    expect(await run(["capture", "--agent", "codex", "-o", join(project, "linked"), "--", FAKE, "x"], c2.io)).toBe(2);
    expect(existsSync(join(outside, "001.request.json"))).toBe(false);
  });

  it("calibrate -o refuses a dangling link among the prose files", async () => {
    const { project, outside } = fresh();
    const captured = join(project, "cap");
    expect(await run(["capture", "--agent", "codex", "-o", captured, "--", FAKE, "x"], capture(project, env).io)).toBe(
      0,
    );
    const prose = join(project, "prose");
    mkdirSync(prose);
    symlinkSync(join(outside, "calibration"), join(prose, "calibration.json"));
    const c = capture(project, env);
    expect(await run(["calibrate", captured, "--profile", "codex", "-o", prose], c.io)).toBe(2);
    expect(existsSync(join(outside, "calibration"))).toBe(false);
    expect(
      c
        .err()
        .split(/(?<=\n)/)
        .at(-1),
    ).toMatch(/^promptc calibrate: cannot write .*calibration\.json.*symbolic link[^\n]*\n$/);
  });
});

describe("session log and symlinks", () => {
  it("does not append through a link", () => {
    const { project, outside } = fresh();
    writeFileSync(join(outside, "victim"), "precious\n");
    const path = join(project, "session.jsonl");
    symlinkSync(join(outside, "victim"), path);
    const log = openSessionLogFile(path);
    expect(
      log.append([{ timestamp: "2026-11-29T00:00:00Z", type: "session_meta", payload: { id: "s" } } as never]),
    ).toMatch(/symbolic link/);
    expect(readFileSync(join(outside, "victim"), "utf8")).toBe("precious\n");
  });

  it("does not create a log through a dangling link", () => {
    const { project, outside } = fresh();
    const path = join(project, "session.jsonl");
    symlinkSync(join(outside, "planted"), path);
    const log = openSessionLogFile(path);
    expect(
      log.append([{ timestamp: "2026-11-29T00:00:00Z", type: "session_meta", payload: { id: "s" } } as never]),
    ).toMatch(/symbolic link/);
    expect(existsSync(join(outside, "planted"))).toBe(false);
  });
});
