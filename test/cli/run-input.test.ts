// `promptc run` on bad input: a file that is not a session log, a base URL that is not one, a log path that cannot
// exist, an out-of-range tool timeout. Each ends (exit 2 with one reason, or a note) before any model request.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
    [["--base-url", "ftp://127.0.0.1/v1", "x"], "promptc run: the base URL must be an http(s) URL (got ftp://127.0.0.1/v1)\n"],
    [["--base-url", "http://127.0.0.1:9/v1", "--session-log", "/proc/promptc-no-dir/s.jsonl", "x"], "promptc run: cannot create the session log /proc/promptc-no-dir/s.jsonl: ENOENT\n"],
  ])("exits 2 with one line for %j", async (args, stderr) => {
    expect(await cli(args)).toEqual({ code: 2, stdout: "", stderr });
  });

  it("says when --tool-timeout is clamped", async () => {
    const { code, stderr } = await cli(["--dry-run", "--tool-timeout", "500", "x"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "note: --tool-timeout 500 ms is outside [10000, 3600000] ms; using 10000 ms\n" });
  });
});
