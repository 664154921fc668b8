// Issue 14 (Found): attacks on `promptc run`'s tools, each through a real run against a loopback Responses server.
// The model's tool calls are scripted; what matters is what reaches the file system, the request and the session log.
import { spawn } from "node:child_process";
import {
  existsSync,
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
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/loop/tools/sandbox/probe-bubblewrap.js";
import {
  assistantMessage,
  functionCall,
  responseEvents,
  sse,
  sseReply,
  startSseServer,
  type SseServer,
} from "../loop/helpers/sse-server.js";
import { skipBecause } from "../skip-because.js";
import { useScratchDir } from "../scratch-dir.js";
import { sleepersWith, sleepMarker } from "../sleep-marker.js";

const ROOT = join(import.meta.dirname, "..", "..");
const SECRETS = {
  OPENAI_API_KEY: "sk-hostile-0123456789abcdef",
  AWS_SECRET_ACCESS_KEY: "aws-hostile-secret-9876543210",
};
/** A run that does not end must not hang the suite: it is killed and the test fails (a wide margin for a busy machine). */
const RUN_DEADLINE_MS = 100_000;
const root = mkdtempSync(join(tmpdir(), "promptc-hostile-"));
const t = { root, work: join(root, "work"), home: join(root, "home"), bin: join(root, "bin.mjs") };
mkdirSync(join(t.home, ".codex"), { recursive: true });
mkdirSync(join(t.work, ".git"), { recursive: true });
writeFileSync(join(t.work, "AGENTS.md"), "Be brief.\n");
let server: SseServer | undefined;
beforeAll(async () => {
  // The real CLI in its own process, so the secrets are in its real environment (and /proc/<pid>/environ).
  await build({
    entryPoints: [join(ROOT, "src", "bin.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: t.bin,
    logLevel: "error",
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
  });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function cli(
  argv: string[],
  extraEnv: { [name: string]: string },
  whileRunning?: (pid: number) => void,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn("node", [t.bin, ...argv], {
    cwd: t.work,
    env: { HOME: t.home, CODEX_HOME: join(t.home, ".codex"), PATH: process.env.PATH, ...SECRETS, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (b: Buffer) => (stdout += b.toString("utf8")));
  child.stderr.on("data", (b: Buffer) => (stderr += b.toString("utf8")));
  if (whileRunning && child.pid !== undefined) whileRunning(child.pid);
  return new Promise((resolve) => {
    const deadline = setTimeout(() => child.kill("SIGKILL"), RUN_DEADLINE_MS);
    child.on("close", (code) => {
      clearTimeout(deadline);
      resolve({ code, stdout, stderr });
    });
  });
}
/** Outside every writable root: not the workspace, not /tmp (a root when it exists), not $TMPDIR. */
const outside = useScratchDir("promptc-hostile-", "/var/tmp");

/** One `promptc run` whose model makes these calls, then answers "done". Returns the tool outputs the model saw. */
async function runCallsIn(
  calls: { name: string; args: object }[],
  flags: string[],
  whileRunning?: (pid: number) => void,
  extraEnv: { [name: string]: string } = {},
) {
  server = await startSseServer([
    sseReply(sse(responseEvents(calls.map((c, i) => functionCall(c.name, c.args, `call_${i}`))))),
    sseReply(sse(responseEvents([assistantMessage("done")]))),
  ]);
  const log = join(t.root, `log-${Math.random().toString(36).slice(2)}.jsonl`);
  const result = await cli(
    ["run", "--base-url", server.baseUrl, "--session-log", log, ...flags, "go"],
    extraEnv,
    whileRunning,
  );
  const bodies = server.requests.map((r) => r.body);
  const last = JSON.parse(bodies.at(-1) ?? "{}") as { input?: { type: string; output?: string }[] };
  const outputs = (last.input ?? []).filter((i) => i.type === "function_call_output").map((i) => i.output ?? "");
  return { ...result, bodies, log: existsSync(log) ? readFileSync(log, "utf8") : "", outputs };
}

const sh = (script: string) => ({ name: "shell", args: { command: ["sh", "-c", script] } });

const bwrap = probeBubblewrap();
if (!bwrap.ok) console.log(`the bubblewrap half of the hostile sandbox suite is skipped: ${bwrap.reason}`);
/** Each attack runs under bubblewrap and again with bubblewrap made unavailable: the fallback must hold too. */
const MODES: [string, { [name: string]: string }][] = [
  ...(bwrap.ok ? [["bubblewrap", {}] as [string, { [name: string]: string }]] : []),
  ["fallback (no bubblewrap)", { PROMPTC_BWRAP: "/nonexistent/bwrap" }],
];

describe.each(MODES)("promptc run under attack: %s", (_mode, modeEnv) => {
  const fallback = "PROMPTC_BWRAP" in modeEnv;
  const runCalls = (calls: { name: string; args: object }[], flags: string[], whileRunning?: (pid: number) => void) =>
    runCallsIn(calls, flags, whileRunning, modeEnv);
  /** Under bubblewrap the command runs and fails; in the fallback it is refused before it runs. */
  const failedOrRefused = (sandboxError: RegExp) => (fallback ? /^Tool call refused: / : sandboxError);

  it("read-only: sort abbreviations and attached values write nothing", async () => {
    const target = join(outside, "sorted");
    writeFileSync(join(t.work, "in.txt"), "b\na\n");
    const r = await runCalls(
      [
        { name: "shell", args: { command: ["sort", "-o" + target, "in.txt"] } },
        { name: "shell", args: { command: ["sort", "--outp=" + target + "2", "in.txt"] } },
        { name: "shell", args: { command: ["bash", "-c", `sort -o${target}3 in.txt`] } },
        { name: "shell", args: { command: ["sort", "-S", "64K", "--compress-prog=sh", "in.txt"] } },
      ],
      ["--sandbox", "read-only", "--approval", "never"],
    );
    expect(r.code).toBe(0);
    expect(readdirSync(outside).filter((f) => f.startsWith("sorted"))).toEqual([]);
  });

  it("read-only: a workspace script named like a safe command cannot write", async () => {
    mkdirSync(join(t.work, "tools"), { recursive: true });
    writeFileSync(join(t.work, "tools", "ls"), `#!/bin/sh\necho pwned > ${outside}/by-ls\n`, { mode: 0o755 });
    const r = await runCalls(
      [{ name: "shell", args: { command: ["./tools/ls"] } }],
      ["--sandbox", "read-only", "--approval", "never"],
    );
    expect(r.code).toBe(0);
    expect(existsSync(join(outside, "by-ls"))).toBe(false);
  });

  it("secrets in the environment reach neither the request nor the session log", async () => {
    const r = await runCalls(
      [
        { name: "shell", args: { command: ["cat", "/proc/self/environ"] } },
        sh("env; cat /proc/$PPID/environ; cat /proc/1/environ"),
        { name: "read_file", args: { path: "/proc/self/environ" } },
      ],
      ["--sandbox", "read-only", "--approval", "never"],
    );
    expect(r.code).toBe(0);
    for (const value of Object.values(SECRETS)) {
      for (const body of r.bodies) expect(body).not.toContain(value);
      expect(r.log).not.toContain(value);
    }
  });

  it("workspace-write: a shell command cannot write outside the writable roots", async () => {
    const target = join(outside, "f");
    const r = await runCalls([sh(`echo x > ${target}`)], ["--sandbox", "workspace-write", "--approval", "never"]);
    expect(r.code).toBe(0);
    expect(existsSync(target)).toBe(false);
    expect(r.outputs[0]).toMatch(failedOrRefused(/Read-only file system/));
  });

  it("workspace-write: edit_file does not follow a symlink out of the roots", async () => {
    mkdirSync(join(outside, "dir"), { recursive: true });
    writeFileSync(join(outside, "victim.txt"), "original\n");
    const tag = fallback ? "-fb" : "";
    rmSync(join(t.work, `linkdir${tag}`), { force: true });
    symlinkSync(join(outside, "dir"), join(t.work, `linkdir${tag}`));
    symlinkSync(join(outside, "victim.txt"), join(t.work, `linkfile${tag}`));
    symlinkSync(join(outside, "dangling-target"), join(t.work, `dangling${tag}`));
    const r = await runCalls(
      [
        { name: "edit_file", args: { path: `linkdir${tag}/new.txt`, old_string: "", new_string: "x" } },
        { name: "edit_file", args: { path: `linkfile${tag}`, old_string: "original", new_string: "changed" } },
        { name: "edit_file", args: { path: `dangling${tag}`, old_string: "", new_string: "x" } },
      ],
      ["--sandbox", "workspace-write", "--approval", "never"],
    );
    expect(r.code).toBe(0);
    expect(existsSync(join(outside, "dir", "new.txt"))).toBe(false);
    expect(readFileSync(join(outside, "victim.txt"), "utf8")).toBe("original\n");
    expect(existsSync(join(outside, "dangling-target"))).toBe(false);
    expect(r.outputs.every((o) => /outside the writable roots|symlink/.test(o))).toBe(true);
  });

  it("a backgrounded grandchild neither holds the turn nor outlives it", async () => {
    const marker = sleepMarker();
    const r = await runCalls(
      [{ name: "shell", args: { command: ["bash", "-c", `sleep ${marker} & echo started`], timeout_ms: 10_000 } }],
      ["--sandbox", "workspace-write", "--approval", "never"],
    );
    expect(r.code).toBe(0);
    expect(r.outputs[0]).toMatch(failedOrRefused(/^Exit code: 0\n[\s\S]*started/));
    expect(sleepersWith(marker)).toEqual([]);
  });

  it("root inside the sandbox cannot lift it (remount, new namespaces, nested bwrap, kernel settings)", async () => {
    const marks = [1, 2, 3].map((n) => join(outside, `root${n}`));
    const r = await runCalls(
      [
        sh(`mount -o remount,rw / && touch ${marks[0]}`),
        sh(`unshare -m sh -c 'mount -o remount,rw / && touch ${marks[1]}'`),
        sh(`bwrap --bind / / touch ${marks[2]}`),
        // Writes the current value back: harmless even if it got through.
        sh("cat /proc/sys/kernel/core_pattern > /proc/sys/kernel/core_pattern"),
      ],
      ["--sandbox", "workspace-write", "--approval", "never"],
    );
    expect(r.code).toBe(0);
    expect(marks.filter((m) => existsSync(m))).toEqual([]);
    for (const o of r.outputs) expect(o).toMatch(fallback ? /^Tool call refused: / : /^Exit code: [1-9]/);
  });

  it.skipIf(skipBecause("Ctrl-C during a tool", fallback ? "needs bubblewrap (this pass runs without it)" : undefined))(
    "Ctrl-C during a tool kills everything it started and ends the run",
    async () => {
      const marker = sleepMarker();
      const r = await runCalls(
        [{ name: "shell", args: { command: ["bash", "-c", `sleep ${marker} & sleep ${marker}`] } }],
        ["--sandbox", "workspace-write", "--approval", "never"],
        (pid) => {
          const poll = setInterval(() => {
            if (sleepersWith(marker).length < 2) return;
            clearInterval(poll);
            process.kill(pid, "SIGINT");
          }, 50);
        },
      );
      expect(r.code).not.toBeNull();
      expect(sleepersWith(marker)).toEqual([]);
    },
  );

  it.skipIf(
    skipBecause(
      "background process under danger-full-access",
      fallback ? "needs bubblewrap (this pass runs without it)" : undefined,
    ),
  )("danger-full-access keeps a background process only when the user asks for it", async () => {
    const marker = sleepMarker();
    const call = [{ name: "shell", args: { command: ["bash", "-c", `sleep ${marker} & echo started`] } }];
    const plain = await runCalls(call, ["--sandbox", "danger-full-access", "--approval", "never"]);
    expect({ code: plain.code, left: sleepersWith(marker) }).toEqual({ code: 0, left: [] });
    const kept = await runCalls(call, ["--sandbox", "danger-full-access", "--approval", "never", "--keep-background"]);
    const left = sleepersWith(marker);
    for (const pid of left) process.kill(Number(pid), "SIGKILL");
    expect({ code: kept.code, left: left.length }).toEqual({ code: 0, left: 1 });
  });
});
