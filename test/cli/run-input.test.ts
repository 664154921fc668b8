// `promptc run` on bad input: a file that is not a session log, a base URL that is not one, a log path that cannot
// exist, an out-of-range tool timeout. Each ends (exit 2 with one reason, or a note) before any model request.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";

const root = mkdtempSync(join(tmpdir(), "promptc-run-input-"));
const home = join(root, "home");
mkdirSync(join(home, ".codex"), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));
const notALog = join(root, "passwd");
writeFileSync(notALog, Array.from({ length: 20 }, (_, i) => `user${i}:x:${i}:${i}::/home/u:/bin/sh`).join("\n") + "\n");

async function cli(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await run(["run", ...args], {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    isTTY: false,
    env: { HOME: home, CODEX_HOME: join(home, ".codex"), PATH: process.env.PATH, OPENAI_API_KEY: "k" },
    cwd: root,
  });
  return { code, stdout, stderr };
}

describe("registerRun on bad input", () => {
  it("refuses to resume a file with no session record, showing only the first problems", async () => {
    const { code, stdout, stderr } = await cli(["--resume", notALog, "go", "on"]);
    const lines = stderr.trimEnd().split("\n");
    expect({ code, stdout, count: lines.length, more: lines.at(-2), last: lines.at(-1) }).toEqual({
      code: 2,
      stdout: "",
      count: 7,
      more: "… and 15 more",
      last: `promptc run: ${notALog} is not a session log (no record in it could be read)`,
    });
  });

  it.each([
    [["--base-url", "notaurl", "x"], "promptc run: the base URL must be an http(s) URL (got notaurl)\n"],
    [
      ["--base-url", "ftp://127.0.0.1/v1", "x"],
      "promptc run: the base URL must be an http(s) URL (got ftp://127.0.0.1/v1)\n",
    ],
    [
      ["--base-url", "http://127.0.0.1:9/v1", "--session-log", "/proc/promptc-no-dir/s.jsonl", "x"],
      "promptc run: cannot write /proc/promptc-no-dir/s.jsonl: no such file or directory\n",
    ],
  ])("exits 2 with one line for %j", async (args, stderr) => {
    expect(await cli(args)).toEqual({ code: 2, stdout: "", stderr });
  });

  it("leaves no session log behind when the model never answers, and a resumed log unchanged", async () => {
    const log = join(root, "never.jsonl");
    // Port 9 (discard) is refused by fetch itself: every attempt fails before a request reaches a server.
    const fresh = await cli(["--base-url", "http://127.0.0.1:9/v1", "--session-log", log, "x"]);
    expect(fresh.code).toBe(1);
    expect(fresh.stderr).toMatch(/no session log written: the model never answered\n$/);
    expect(existsSync(log)).toBe(false);
    const old = join(root, "old.jsonl");
    const before =
      '{"timestamp":"2026-11-29T00:00:00.000Z","type":"session_meta","payload":{"id":"s-1","cwd":"/tmp","originator":"promptc","cli_version":"0.1.0"}}\n';
    writeFileSync(old, before);
    const resumed = await cli(["--base-url", "http://127.0.0.1:9/v1", "--resume", old, "x"]);
    expect(resumed.code).toBe(1);
    expect(resumed.stderr).toContain(`no session log written: the model never answered (${old} is unchanged)`);
    expect(readFileSync(old, "utf8")).toBe(before);
  });

  it("says when --tool-timeout is clamped", async () => {
    const { code, stderr } = await cli(["--dry-run", "--tool-timeout", "500", "x"]);
    expect({ code, stderr }).toEqual({
      code: 0,
      stderr: "note: --tool-timeout 500 ms is outside [10000, 3600000] ms; using 10000 ms\n",
    });
  });
});
