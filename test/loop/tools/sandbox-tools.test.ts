// The file tools and the process runner under a ToolSandbox: real paths against the roots, kernel paths refused,
// process groups that end with their direct child.
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEditFileTool } from "../../../src/loop/tools/edit-file.js";
import { createReadFileTool } from "../../../src/loop/tools/read-file.js";
import { createToolSandbox } from "../../../src/loop/tools/sandbox/create-tool-sandbox.js";
import { resolveProgram } from "../../../src/loop/tools/sandbox/resolve-program.js";
import { runProcessGroup } from "../../../src/loop/tools/sandbox/run-process-group.js";
import type { ToolContext } from "../../../src/loop/tool.js";
import { sleepersWith, sleepMarker } from "../../sleep-marker.js";

const base = mkdtempSync(join(tmpdir(), "promptc-sandbox-tools-"));
const root = join(base, "root");
const away = join(base, "away");
mkdirSync(join(root, ".git"), { recursive: true });
mkdirSync(away, { recursive: true });
afterAll(() => rmSync(base, { recursive: true, force: true }));
writeFileSync(join(away, "victim.txt"), "original\n");
writeFileSync(join(root, "mine.txt"), "original\n");
symlinkSync(away, join(root, "outdir"));
symlinkSync(join(away, "victim.txt"), join(root, "outfile"));
symlinkSync(join(root, "mine.txt"), join(root, "inlink"));
symlinkSync(join(away, "nothing-yet"), join(root, "dangling"));
symlinkSync("/proc/self/environ", join(root, "environ"));
linkSync(join(away, "victim.txt"), join(root, "hardlink"));

const sandbox = createToolSandbox({
  policy: { mode: "workspace-write", writableRoots: [root], networkAccess: false },
  parentEnv: { PATH: "/usr/bin:/bin", MY_SECRET: "s3cr3t-value" },
});
const edit = createEditFileTool({ sandbox });
const read = createReadFileTool();
const ctx = (over: Partial<ToolContext> = {}): ToolContext => ({
  signal: new AbortController().signal,
  cwd: root,
  sandbox: "workspace-write",
  callId: "c",
  timeoutMs: 20_000,
  ...over,
});

describe("edit_file under a sandbox", () => {
  it.each<[string, { path: string; old_string: string; new_string: string }, RegExp]>([
    [
      "a new file through a symlinked folder",
      { path: "outdir/new.txt", old_string: "", new_string: "x" },
      /^refused: .*away\/new\.txt is outside the writable roots/,
    ],
    [
      "an edit through a symlinked file",
      { path: "outfile", old_string: "original", new_string: "changed" },
      /^refused: .*victim\.txt is outside the writable roots/,
    ],
    [
      "a create through a dangling symlink",
      { path: "dangling", old_string: "", new_string: "x" },
      /^refused: .*dangling is a dangling symlink/,
    ],
    [
      "a write under .git",
      { path: ".git/config", old_string: "", new_string: "[core]" },
      /^refused: .*\.git stays read-only/,
    ],
    [
      "a file with a second name outside",
      { path: "hardlink", old_string: "original", new_string: "changed" },
      /^refused: .*has 2 hard links/,
    ],
  ])("refuses %s", async (_name, args, expected) => {
    const r = await edit.execute({ ...args }, ctx());
    expect({ success: r.success, match: expected.test(r.output) }).toEqual({ success: false, match: true });
    expect([
      readFileSync(join(away, "victim.txt"), "utf8"),
      existsSync(join(away, "new.txt")),
      existsSync(join(away, "nothing-yet")),
      existsSync(join(root, ".git", "config")),
    ]).toEqual(["original\n", false, false, false]);
  });

  it("edits through a symlink that stays inside the roots", async () => {
    const r = await edit.execute({ path: "inlink", old_string: "original", new_string: "mine" }, ctx());
    expect(r).toEqual({ output: `edited ${join(root, "inlink")} (1 replacement)`, success: true });
    expect(readFileSync(join(root, "mine.txt"), "utf8")).toBe("mine\n");
  });

  it("writes outside the roots only when a person approved it (escalated)", async () => {
    const r = await edit.execute(
      { path: join(away, "approved.txt"), old_string: "", new_string: "ok" },
      ctx({ escalated: true }),
    );
    expect(r.success).toBe(true);
    expect(readFileSync(join(away, "approved.txt"), "utf8")).toBe("ok");
  });
});

describe("read_file", () => {
  it.each([["/proc/self/environ"], ["environ"], ["/proc/1/environ"]])(
    "refuses the host's kernel interfaces: %s",
    async (path) => {
      const r = await read.execute({ path }, ctx());
      expect(r).toEqual({
        output: expect.stringMatching(/^refused: \/proc\/.* is under \/proc, which tools cannot read$/),
        success: false,
      });
    },
  );

  it("reads through a symlink to a file", async () => {
    expect((await read.execute({ path: "outfile" }, ctx())).output).toBe("1\toriginal");
  });
});

describe("runProcessGroup", () => {
  const run = (script: string, keepBackground = false) =>
    runProcessGroup({
      program: "/bin/sh",
      args: ["-c", script],
      cwd: root,
      env: { PATH: "/usr/bin:/bin" },
      timeoutMs: 20_000,
      signal: new AbortController().signal,
      captureMaxBytes: 1 << 20,
      keepBackground,
    });

  it("ends with the direct child though a grandchild holds the pipes, and kills the grandchild", async () => {
    const marker = sleepMarker();
    const r = await run(`sleep ${marker} & echo started`);
    expect({ exitCode: r.exitCode, output: r.output, left: sleepersWith(marker) }).toEqual({
      exitCode: 0,
      output: "started\n",
      left: [],
    });
  });

  it("leaves the grandchild running when asked to keep background processes", async () => {
    const marker = sleepMarker();
    const r = await run(`sleep ${marker} & echo started`, true);
    const left = sleepersWith(marker);
    for (const pid of left) process.kill(Number(pid), "SIGKILL");
    expect({ exitCode: r.exitCode, left: left.length }).toEqual({ exitCode: 0, left: 1 });
  });
});

describe("resolveProgram", () => {
  it("finds bare names in PATH, paths against cwd, and nothing else", () => {
    writeFileSync(join(root, "tool.sh"), "#!/bin/sh\n", { mode: 0o755 });
    expect([
      resolveProgram("sh", "/", "/nonexistent:/bin")?.path,
      resolveProgram("./tool.sh", root, "")?.path,
      resolveProgram("tool.sh", root, "/bin"),
      resolveProgram("mine.txt", root, root),
    ]).toEqual(["/bin/sh", join(root, "tool.sh"), undefined, undefined]);
  });
});
