// `promptc run`'s sandbox against a loopback Responses server: real commands in bubblewrap, the sandbox's own errors
// returned to the model, the environment policy from config.toml, and the fallback when bubblewrap cannot start.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/loop/tools/sandbox/probe-bubblewrap.js";
import { useLoopbackCli } from "./loopback-cli.js";
import { assistantMessage, functionCall, responseEvents, sse, sseReply } from "../loop/helpers/sse-server.js";
import { skipBecause } from "../skip-because.js";
import { useScratchDir } from "../scratch-dir.js";
import { sleepersWith, sleepMarker } from "../sleep-marker.js";

const t = useLoopbackCli("promptc-run-sandbox-", {
  PROMPTC_SANDBOX_TEST_KEY: "sandbox-test-key-0123456789",
  LANG: "C.UTF-8",
  MY_SETTING: "visible",
});
/** Outside every writable root: not the workspace, not /tmp (a root when it exists), not $TMPDIR. */
const outside = useScratchDir("promptc-run-sandbox-", "/var/tmp");
/** Inside the /tmp root but outside the workspace: writable under workspace-write only. */
const inTmp = useScratchDir("promptc-run-sandbox-", "/tmp");
writeFileSync(join(t.work, "notes.txt"), "alpha\nneedle here\nomega\n");
const git = (...args: string[]) =>
  execFileSync("git", args, {
    cwd: t.work,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@t",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@t",
    },
  });
rmSync(join(t.work, ".git"), { recursive: true, force: true });
git("init", "-q");
git("add", "notes.txt");
git("commit", "-qm", "first commit");

const bwrap = probeBubblewrap();

/** One run whose model calls `shell` with each command, then answers. Returns what the model saw per call. */
async function shellRun(commands: string[][], flags: string[], env: { [name: string]: string } = {}) {
  const server = await t.serve([
    sseReply(sse(responseEvents(commands.map((command, i) => functionCall("shell", { command }, `c${i}`))))),
    sseReply(sse(responseEvents([assistantMessage("ok")]))),
  ]);
  const log = join(t.root, `s-${Math.random().toString(36).slice(2)}.jsonl`);
  const r = await t.cli(["run", "--base-url", server.baseUrl, "--session-log", log, ...flags, "go"], t.work, env);
  const last = JSON.parse(server.requests.at(-1)!.body) as { input: { type: string; output?: string }[] };
  return {
    ...r,
    outputs: last.input.filter((i) => i.type === "function_call_output").map((i) => i.output ?? ""),
    log: readFileSync(log, "utf8"),
  };
}
const sh = (script: string) => ["sh", "-c", script];
const exitOf = (output: string) => /^Exit code: (\d+)/.exec(output)?.[1];

describe.skipIf(skipBecause("promptc run under bubblewrap", bwrap.ok ? undefined : bwrap.reason))(
  "promptc run under bubblewrap",
  () => {
    it("read-only: ordinary read-only commands work; writes anywhere fail with the sandbox's error", async () => {
      const r = await shellRun(
        [
          ["git", "log", "--oneline"],
          ["grep", "-n", "needle", "notes.txt"],
          ["ls"],
          ["cat", "notes.txt"],
          ["git", "status", "--short"],
          sh("echo x > made.txt"),
          sh(`echo x > ${outside}/ro`),
          ["touch", join(inTmp, "ro-probe")],
        ],
        ["--sandbox", "read-only", "--approval", "never"],
      );
      expect(r.code).toBe(0);
      expect(r.outputs.slice(0, 5).map(exitOf)).toEqual(["0", "0", "0", "0", "0"]);
      expect(r.outputs[0]).toContain("first commit");
      expect(r.outputs[1]).toContain("2:needle here");
      expect(r.outputs[2]).toContain("notes.txt");
      expect(r.outputs[3]).toContain("alpha\nneedle here\nomega");
      for (const o of r.outputs.slice(5)) expect(o).toMatch(/Read-only file system/);
      expect([
        existsSync(join(t.work, "made.txt")),
        existsSync(join(outside, "ro")),
        existsSync(join(inTmp, "ro-probe")),
      ]).toEqual([false, false, false]);
    });

    it("workspace-write: writes inside the roots succeed, outside them fail with the sandbox's error, .git stays read-only", async () => {
      const r = await shellRun(
        [
          sh("echo in > inside.txt && cat inside.txt"),
          sh(`echo tmp > ${inTmp}/ww && cat ${inTmp}/ww`),
          sh(`echo x > ${outside}/ww`),
          sh("echo x > .git/hooks/pre-commit"),
        ],
        ["--sandbox", "workspace-write", "--approval", "never"],
      );
      expect(r.outputs.map(exitOf)).toEqual(["0", "0", "2", "2"]);
      expect(r.outputs[0]).toContain("in");
      expect(r.outputs[2]).toMatch(/Read-only file system/);
      expect(r.outputs[3]).toMatch(/Read-only file system/);
      expect([
        existsSync(join(t.work, "inside.txt")),
        existsSync(join(outside, "ww")),
        existsSync(join(t.work, ".git", "hooks", "pre-commit")),
      ]).toEqual([true, false, false]);
    });

    it("danger-full-access: the same write outside the roots succeeds", async () => {
      const r = await shellRun(
        [sh(`echo x > ${outside}/danger`)],
        ["--sandbox", "danger-full-access", "--approval", "never"],
      );
      expect(exitOf(r.outputs[0]!)).toBe("0");
      expect(readFileSync(join(outside, "danger"), "utf8")).toBe("x\n");
    });

    it("keeps the network off unless the policy allows it", async () => {
      const listener = createServer((socket) => socket.end());
      await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
      const { port } = listener.address() as AddressInfo;
      const connect = [
        "node",
        "-e",
        `require("net").connect(${port},"127.0.0.1").on("connect",()=>{console.log("connected");process.exit(0)}).on("error",(e)=>{console.log(e.code);process.exit(3)})`,
      ];
      try {
        const closed = await shellRun([connect], ["--sandbox", "workspace-write", "--approval", "never"]);
        expect(closed.outputs[0]).toMatch(/^Exit code: 3\n[\s\S]*(ECONNREFUSED|ENETUNREACH)/);
        const config = join(t.root, "network.toml");
        writeFileSync(config, "[sandbox_workspace_write]\nnetwork_access = true\n");
        const open = await shellRun(
          [connect],
          ["--config", config, "--sandbox", "workspace-write", "--approval", "never"],
        );
        expect(open.outputs[0]).toMatch(/^Exit code: 0\n[\s\S]*connected/);
      } finally {
        await new Promise((resolve) => listener.close(resolve));
      }
    });

    it("cannot reach a host service's socket under /run, even though it could read the folder", async () => {
      const socketPath = join("/run", `promptc-run-sandbox-${randomUUID()}.sock`);
      const listener = createServer((socket) => socket.end());
      try {
        await new Promise<void>((resolve, reject) => listener.once("error", reject).listen(socketPath, resolve));
      } catch (err) {
        console.log(
          `skipping the /run socket check: cannot listen at ${socketPath} (${(err as NodeJS.ErrnoException).code})`,
        );
        return;
      }
      try {
        const connect = [
          "node",
          "-e",
          `require("net").connect(${JSON.stringify(socketPath)}).on("connect",()=>{console.log("connected");process.exit(0)}).on("error",(e)=>{console.log(e.code);process.exit(3)})`,
        ];
        const r = await shellRun([connect], ["--sandbox", "workspace-write", "--approval", "never"]);
        expect(r.outputs[0]).toMatch(/^Exit code: 3\n[\s\S]*ENOENT/);
      } finally {
        await new Promise((resolve) => listener.close(resolve));
      }
    });

    it("sees only its own processes", async () => {
      const r = await shellRun([sh("ls /proc | grep -c '^[0-9]'")], ["--sandbox", "read-only", "--approval", "never"]);
      expect(Number(r.outputs[0]!.split("Output:\n")[1])).toBeLessThan(6);
    });

    it("kills what a command left behind when its timeout fires", async () => {
      const marker = sleepMarker();
      const r = await shellRun(
        [["bash", "-c", `sleep ${marker} & sleep ${marker}`]],
        ["--sandbox", "workspace-write", "--approval", "never", "--tool-timeout", "10000"],
      );
      expect(r.outputs[0]).toMatch(/^Exit code: 124\n[\s\S]*timed out after 10000 ms/);
      expect(sleepersWith(marker)).toEqual([]);
    });
  },
);

describe("the environment tools get", () => {
  it("leaves out names with KEY, SECRET or TOKEN and redacts their values from output", async () => {
    const r = await shellRun(
      [["env"], ["printenv", "PROMPTC_SANDBOX_TEST_KEY"]],
      ["--sandbox", "workspace-write", "--approval", "never"],
    );
    expect(r.outputs[0]).toContain("MY_SETTING=visible");
    expect(r.outputs[0]).not.toContain("PROMPTC_SANDBOX_TEST_KEY");
    expect(exitOf(r.outputs[1]!)).toBe("1");
    expect(r.log).not.toContain("sandbox-test-key-0123456789");
  });

  it("follows [shell_environment_policy]: inherit core, set, exclude, include_only", async () => {
    const config = join(t.root, "env-policy.toml");
    writeFileSync(
      config,
      '[shell_environment_policy]\ninherit = "core"\nset = { PROMPTC_SET = "from-config", PROMPTC_SET_TOO = "x" }\nexclude = ["*_too"]\ninclude_only = ["PATH", "HOME", "PROMPTC_*"]\n',
    );
    const r = await shellRun([["env"]], ["--config", config, "--sandbox", "workspace-write", "--approval", "never"]);
    const names = r.outputs[0]!.split("Output:\n")[1]!
      .trim()
      .split("\n")
      .map((l) => l.split("=")[0])
      .sort();
    // bubblewrap's --chdir sets PWD, as a shell would.
    expect(names).toEqual(["HOME", "PATH", "PROMPTC_SET", "PROMPTC_SET_TOO", ...(bwrap.ok ? ["PWD"] : [])]);
  });
});

describe("when bubblewrap cannot start", () => {
  it("says so once and runs only known read-only commands", async () => {
    mkdirSync(join(t.work, "bin"), { recursive: true });
    writeFileSync(join(t.work, "bin", "cat"), "#!/bin/sh\ntouch pwned\n", { mode: 0o755 });
    const r = await shellRun(
      [
        ["cat", "notes.txt"],
        ["touch", "fallback.txt"],
        ["./bin/cat", "notes.txt"],
        ["cat", "/proc/self/environ"],
        ["grep", "-r", "x", "/"],
        sh("cat ../../../../../../proc/1/environ"),
        ["bash", "-c", "cat /pro*/1/environ"],
      ],
      ["--sandbox", "workspace-write", "--approval", "never"],
      {
        PROMPTC_BWRAP: "/nonexistent/bwrap",
        PATH: `${join(t.work, "bin")}:${process.env.PATH}`,
      },
    );
    expect(r.stderr.split("\n").filter((l) => l.startsWith("warning:"))).toEqual([
      "warning: bubblewrap not found at /nonexistent/bwrap; the workspace-write sandbox cannot be enforced, so only known read-only commands run",
    ]);
    expect(exitOf(r.outputs[0]!)).toBeUndefined();
    expect(r.outputs[0]).toMatch(/^Tool call refused: .*not a system program/);
    expect(r.outputs.slice(1).every((o) => o.startsWith("Tool call refused: "))).toBe(true);
    expect([existsSync(join(t.work, "fallback.txt")), existsSync(join(t.work, "pwned"))]).toEqual([false, false]);
    const plain = await shellRun(
      [["cat", "notes.txt"], sh("grep -c needle notes.txt | wc -l"), ["/bin/sh", "-c", "ls"]],
      ["--sandbox", "workspace-write", "--approval", "never"],
      { PROMPTC_BWRAP: "/nonexistent/bwrap" },
    );
    expect(plain.outputs.map(exitOf)).toEqual(["0", "0", "0"]);
  });
});
