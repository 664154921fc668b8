// `promptc run --approval on-request` on a real terminal: the CLI runs in a pseudo-terminal (util-linux `script`),
// bundled from the sources with esbuild, against a loopback Responses server; the test types the answers.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  assistantMessage,
  functionCall,
  responseEvents,
  sse,
  sseReply,
  startSseServer,
  type SseServer,
} from "../loop/helpers/sse-server.js";

const ROOT = join(import.meta.dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "promptc-run-tty-"));
const bin = join(dir, "bin.mjs");
const home = join(dir, "home");
const work = join(dir, "work");
/** A prompt that never appears must not hang the suite. */
const PTY_DEADLINE_MS = 100_000;

let server: SseServer | undefined;
beforeAll(async () => {
  mkdirSync(join(home, ".codex"), { recursive: true });
  mkdirSync(work, { recursive: true });
  await build({
    entryPoints: [join(ROOT, "src", "bin.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: bin,
    logLevel: "error",
    // Bundled CommonJS dependencies call require().
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
  });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `promptc run` in a pseudo-terminal; answers each approval prompt with the next of `answers`. */
function runInTerminal(args: string[], answers: string[]): Promise<{ code: number | null; screen: string }> {
  const command = ["node", bin, "run", ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  const child = spawn("script", ["-qec", command, "/dev/null"], {
    cwd: work,
    env: { HOME: home, CODEX_HOME: join(home, ".codex"), PATH: process.env.PATH, TERM: "dumb", NO_COLOR: "1" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let screen = "";
  let prompts = 0;
  const onData = (b: Buffer) => {
    screen += b.toString("utf8");
    const seen = screen.split("[y/N]").length - 1;
    while (prompts < seen) child.stdin.write(`${answers[prompts++] ?? "n"}\r`);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  return new Promise((resolve) => {
    const deadline = setTimeout(() => child.kill("SIGKILL"), PTY_DEADLINE_MS);
    child.on("close", (code) => {
      clearTimeout(deadline);
      resolve({ code, screen });
    });
  });
}

const outputs = () =>
  (JSON.parse(server!.requests[1]!.body) as { input: { type: string; call_id?: string; output?: string }[] }).input
    .filter((i) => i.type === "function_call_output")
    .map((i) => [i.call_id, i.output?.split("\n", 1)[0]]);

describe("registerRun on a terminal", () => {
  it("asks before a command the read-only sandbox does not allow, one question at a time, and obeys each answer", async () => {
    expect(existsSync("/usr/bin/script") || existsSync("/bin/script")).toBe(true);
    server = await startSseServer([
      sseReply(
        sse(
          responseEvents([
            functionCall("shell", { command: ["touch", "yes.txt"] }, "c_yes"),
            functionCall("shell", { command: ["touch", "no.txt"] }, "c_no"),
          ]),
        ),
      ),
      sseReply(sse(responseEvents([assistantMessage("One file made.")]))),
    ]);
    const log = join(dir, "tty.jsonl");
    const { code, screen } = await runInTerminal(
      [
        "--base-url",
        server.baseUrl,
        "--sandbox",
        "read-only",
        "--approval",
        "on-request",
        "--session-log",
        log,
        "make",
        "files",
      ],
      ["y", "n"],
    );
    expect({ code, questions: screen.split("[y/N]").length - 1 }).toEqual({ code: 0, questions: 2 });
    expect(screen).toContain(
      "Allow shell: touch yes.txt? (the sandbox is read-only: only known read-only commands run) [y/N]",
    );
    expect([existsSync(join(work, "yes.txt")), existsSync(join(work, "no.txt"))]).toEqual([true, false]);
    expect(outputs()).toEqual([
      ["c_yes", "Exit code: 0"],
      ["c_no", "Tool call refused: the user declined this call"],
    ]);
    expect(screen).toContain("One file made.");
  });

  it("refuses without asking when the same run has no terminal to ask on", async () => {
    server = await startSseServer([
      sseReply(sse(responseEvents([functionCall("shell", { command: ["touch", "quiet.txt"] }, "c_q")]))),
      sseReply(sse(responseEvents([assistantMessage("Refused.")]))),
    ]);
    writeFileSync(join(dir, "stdin.txt"), "y\n");
    const child = spawn(
      "node",
      [
        bin,
        "run",
        "--base-url",
        server.baseUrl,
        "--sandbox",
        "read-only",
        "--approval",
        "on-request",
        "--session-log",
        join(dir, "notty.jsonl"),
        "x",
      ],
      {
        cwd: work,
        env: { HOME: home, CODEX_HOME: join(home, ".codex"), PATH: process.env.PATH },
        stdio: ["pipe", "ignore", "ignore"],
      },
    );
    child.stdin.end("y\n");
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect({ code, made: existsSync(join(work, "quiet.txt")) }).toEqual({ code: 0, made: false });
    expect(outputs()).toEqual([
      [
        "c_q",
        "Tool call refused: the sandbox is read-only: only known read-only commands run, and no one is available to approve it",
      ],
    ]);
  });
});
