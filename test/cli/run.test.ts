// `promptc run` end to end: a temp workspace, a temp CODEX_HOME, a loopback Responses server.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { parseSessionLog } from "../../src/session-log/parse-rollout.js";
import { defaultProse } from "../../src/compile/index.js";
import {
  assistantMessage,
  functionCall,
  responseEvents,
  sse,
  sseReply,
  startSseServer,
  statusReply,
  type SseServer,
} from "../loop/helpers/sse-server.js";

const root = mkdtempSync(join(tmpdir(), "promptc-run-"));
const work = join(root, "work");
const home = join(root, "home");
mkdirSync(join(home, ".codex"), { recursive: true });
mkdirSync(work, { recursive: true });
writeFileSync(join(work, "hello.txt"), "hi there\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

let server: SseServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function cli(args: string[], extraEnv: { [name: string]: string } = {}) {
  let stdout = "";
  let stderr = "";
  const code = await run(["run", ...args], {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    isTTY: false,
    env: { HOME: home, CODEX_HOME: join(home, ".codex"), PATH: process.env.PATH, ...extraEnv },
    cwd: work,
  });
  return { code, stdout, stderr };
}

const bodies = () =>
  server!.requests.map(
    (r) =>
      JSON.parse(r.body) as {
        input: { type: string; call_id?: string; output?: string }[];
        tools: { name: string }[];
        store: boolean;
      },
  );

describe("registerRun", () => {
  it("prints the first request and stops with --dry-run; read-only offers no write tool", async () => {
    const { code, stdout } = await cli([
      "--dry-run",
      "--sandbox",
      "read-only",
      "--approval",
      "never",
      "--model",
      "m1",
      "read",
      "the",
      "file",
    ]);
    expect(code).toBe(0);
    const body = JSON.parse(stdout) as {
      model: string;
      store: boolean;
      stream: boolean;
      tools: { name: string }[];
      input: { role?: string; content?: { text: string }[] }[];
    };
    expect({ model: body.model, store: body.store, stream: body.stream, tools: body.tools.map((t) => t.name) }).toEqual(
      {
        model: "m1",
        store: false,
        stream: true,
        tools: ["read_file", "shell", "update_plan"],
      },
    );
    expect(body.input.at(-1)?.content?.[0]?.text).toBe("read the file");
  });

  it("never copies environment variables into the request", async () => {
    const { stdout } = await cli(["--dry-run", "hi"], {
      OPENAI_API_KEY: "sk-secret-4711",
      PROMPTC_TEST_SECRET: "hunter2-secret",
    });
    expect(stdout).not.toContain("sk-secret-4711");
    expect(stdout).not.toContain("hunter2-secret");
  });

  it("offers the edit tool under workspace-write", async () => {
    const { stdout } = await cli(["--dry-run", "--sandbox", "workspace-write", "hi"]);
    expect((JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual([
      "edit_file",
      "read_file",
      "shell",
      "update_plan",
    ]);
  });

  it("runs a tool turn against a Responses server and writes a session log compact/diff can read", async () => {
    server = await startSseServer([
      sseReply(sse(responseEvents([functionCall("shell", { command: ["cat", "hello.txt"] }, "call_1")]))),
      sseReply(
        sse(
          responseEvents([assistantMessage("The file says hi there.")], {
            input_tokens: 900,
            output_tokens: 10,
            total_tokens: 910,
            cached: 512,
          }),
        ),
      ),
    ]);
    const log = join(root, "s1.jsonl");
    const { code, stdout, stderr } = await cli([
      "--base-url",
      server.baseUrl,
      "--sandbox",
      "read-only",
      "--approval",
      "never",
      "--session-log",
      log,
      "what",
      "is",
      "in",
      "hello.txt?",
    ]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: "The file says hi there.\n" });
    expect(stderr).toContain("▸ shell cat hello.txt");
    const second = bodies()[1]!;
    const output = second.input.at(-1)!;
    expect({ type: output.type, call_id: output.call_id }).toEqual({ type: "function_call_output", call_id: "call_1" });
    expect(output.output).toMatch(/^Exit code: 0\nWall time: [\d.]+ seconds\nOutput:\nhi there\n$/);
    const parsed = parseSessionLog(readFileSync(log, "utf8"), { file: log });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.value.history).toEqual([
      ...second.input,
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "The file says hi there." }] },
    ]);
    expect(parsed.value.lastTotalTokens).toBe(910);
  });

  it("resumes a session log: the old history is the prefix, the log grows, and the history replays", async () => {
    server = await startSseServer([sseReply(sse(responseEvents([assistantMessage("First answer.")])))]);
    const log = join(root, "resume.jsonl");
    expect((await cli(["--base-url", server.baseUrl, "--session-log", log, "first question"])).code).toBe(0);
    const firstInput = bodies()[0]!.input;
    await server.close();
    server = await startSseServer([sseReply(sse(responseEvents([assistantMessage("Second answer.")])))]);
    const { code, stdout } = await cli(["--base-url", server.baseUrl, "--resume", log, "second question"]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: "Second answer.\n" });
    const second = bodies()[0]!.input;
    expect(second.slice(0, firstInput.length + 1)).toEqual([
      ...firstInput,
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "First answer." }] },
    ]);
    const replayed = parseSessionLog(readFileSync(log, "utf8"));
    expect(replayed.diagnostics).toEqual([]);
    expect(replayed.value.history).toEqual([
      ...second,
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Second answer." }] },
    ]);
  });

  it.each([
    ["promptc", [], ["user:second question"]],
    ["promptc", ["--sandbox", "workspace-write"], ["developer:<permissions instructions>", "user:second question"]],
    ["codex", [], ["user:second question"]],
    [
      "codex",
      ["--sandbox", "workspace-write"],
      ["developer:<permissions instructions>", "user:<environment_context>", "user:second question"],
    ],
  ] as const)(
    "resumes a --profile %s log %j against its last turn context: only what changed is sent again",
    async (profile, flags, appended) => {
      server = await startSseServer([sseReply(sse(responseEvents([assistantMessage("First answer.")])))]);
      const log = join(root, `resume-${profile}-${flags.length}.jsonl`);
      expect(
        (
          await cli([
            "--base-url",
            server.baseUrl,
            "--profile",
            profile,
            "--sandbox",
            "read-only",
            "--session-log",
            log,
            "first question",
          ])
        ).code,
      ).toBe(0);
      const first = bodies()[0]!.input;
      await server.close();
      server = await startSseServer([sseReply(sse(responseEvents([assistantMessage("Second answer.")])))]);
      expect(
        (await cli(["--base-url", server.baseUrl, "--profile", profile, ...flags, "--resume", log, "second question"]))
          .code,
      ).toBe(0);
      const second = bodies()[0]!.input as { type: string; role?: string; content?: { text: string }[] }[];
      expect(second.slice(0, first.length)).toEqual(first);
      const label = (i: (typeof second)[number]) => `${i.role}:${i.content?.[0]?.text.split("\n", 1)[0]}`;
      expect(second.slice(first.length).map(label)).toEqual(["assistant:First answer.", ...appended]);
      // The log's baseline follows: a third, unchanged turn sends nothing but its message.
      await server.close();
      server = await startSseServer([sseReply(sse(responseEvents([assistantMessage("Third answer.")])))]);
      const { stdout } = await cli(["--profile", profile, ...flags, "--resume", log, "--dry-run", "third question"]);
      const third = (JSON.parse(stdout) as { input: typeof second }).input;
      expect(third.slice(second.length).map(label)).toEqual(["assistant:Second answer.", "user:third question"]);
      // `preview --session` of the log shows the tools and input that `run --resume` sends, for both profiles.
      let previewOut = "";
      const previewArgs = [
        "preview",
        "--session",
        log,
        "--profile",
        profile,
        ...flags,
        "--json",
        "-m",
        "third question",
      ];
      const env = { HOME: home, CODEX_HOME: join(home, ".codex"), PATH: process.env.PATH };
      expect(
        await run(previewArgs, {
          stdout: (s) => void (previewOut += s),
          stderr: () => undefined,
          isTTY: false,
          env,
          cwd: work,
        }),
      ).toBe(0);
      const previewed = JSON.parse(previewOut) as { tools: unknown[]; input: unknown[] };
      expect({ tools: previewed.tools, input: previewed.input }).toEqual({
        tools: (JSON.parse(stdout) as { tools: unknown[] }).tools,
        input: third,
      });
    },
  );

  it("compacts a resumed session before the turn when its usage is over the limit", async () => {
    server = await startSseServer([
      sseReply(
        sse(
          responseEvents([assistantMessage("Answer one.")], {
            input_tokens: 5000,
            output_tokens: 10,
            total_tokens: 5010,
            cached: 0,
          }),
        ),
      ),
    ]);
    const log = join(root, "resume-compact.jsonl");
    expect((await cli(["--base-url", server.baseUrl, "--session-log", log, "question one"])).code).toBe(0);
    await server.close();
    server = await startSseServer([
      sseReply(sse(responseEvents([assistantMessage("They asked question one.")]))),
      sseReply(sse(responseEvents([assistantMessage("Answer two.")]))),
    ]);
    const { code } = await cli([
      "--base-url",
      server.baseUrl,
      "--resume",
      log,
      "--auto-compact-limit",
      "1000",
      "question two",
    ]);
    expect(code).toBe(0);
    const [summariser, turn] = bodies();
    expect(summariser!.tools).toEqual([]);
    const input = turn!.input as { role?: string; content?: { text: string }[] }[];
    const prefix = defaultProse("promptc").entries["compact-summary-prefix"]!.source.replace(/\n+$/, "");
    // As in Codex 0.171.0: the fresh initial context lands before the last real user message, the summary ends
    // the compacted history, and the turn then sends only its own message (the context is not sent twice).
    expect(input.map((i) => [i.role, i.content?.[0]?.text.slice(0, 21)])).toEqual([
      ["developer", "<permissions instruct"],
      ["user", "<environment_context>"],
      ["user", "question one"],
      ["user", prefix.slice(0, 21)],
      ["user", "question two"],
    ]);
    expect(input[3]?.content?.[0]?.text).toBe(`${prefix}\nThey asked question one.`);
    expect(parseSessionLog(readFileSync(log, "utf8")).value.compactions).toHaveLength(1);
  });

  it("refuses writes in a read-only sandbox whatever the model asks", async () => {
    server = await startSseServer([
      sseReply(
        sse(
          responseEvents([
            functionCall("shell", { command: ["touch", "made.txt"] }, "c1"),
            functionCall("edit_file", { path: "x.txt", old_string: "", new_string: "x" }, "c2"),
          ]),
        ),
      ),
      sseReply(sse(responseEvents([assistantMessage("I could not write.")]))),
    ]);
    const { code } = await cli([
      "--base-url",
      server.baseUrl,
      "--sandbox",
      "read-only",
      "--approval",
      "never",
      "--session-log",
      join(root, "s2.jsonl"),
      "make",
      "a",
      "file",
    ]);
    expect(code).toBe(0);
    expect(existsSync(join(work, "made.txt")) || existsSync(join(work, "x.txt"))).toBe(false);
    const [shellOutput, editOutput] = bodies()[1]!
      .input.slice(-2)
      .map((i) => i.output);
    // Under bubblewrap the command runs and the sandbox's error reaches the model; without it the call is refused.
    expect(shellOutput).toMatch(
      /^Exit code: 1\n[\s\S]*touch: cannot touch 'made.txt': Read-only file system\n$|^Tool call refused: /,
    );
    expect([editOutput]).toEqual(['unknown tool "edit_file"; available: read_file, shell, update_plan']);
  });

  it("refuses shell commands that write in a read-only sandbox and tells the model so", async () => {
    const writers = [
      ["sh", "-c", "echo x > w1.txt"],
      ["bash", "-lc", "ls & touch w2.txt"],
      ["bash", "-lc", "cat hello.txt | tee w3.txt"],
      ["tee", "w4.txt"],
      ["cp", "hello.txt", "w5.txt"],
      ["git", "commit", "-am", "x"],
      ["git", "branch", "w6"],
      ["sed", "-n", "1p", "-e", "w w7.txt", "hello.txt"],
      ["sort", "-o", "w8.txt", "hello.txt"],
      ["uniq", "hello.txt", "w9.txt"],
    ];
    server = await startSseServer([
      sseReply(sse(responseEvents(writers.map((command, i) => functionCall("shell", { command }, `w${i}`))))),
      sseReply(sse(responseEvents([assistantMessage("Nothing written.")]))),
    ]);
    const { code } = await cli([
      "--base-url",
      server.baseUrl,
      "--sandbox",
      "read-only",
      "--approval",
      "never",
      "--session-log",
      join(root, "s-ro.jsonl"),
      "write",
      "files",
    ]);
    expect(code).toBe(0);
    expect(writers.map((_, i) => existsSync(join(work, `w${i + 1}.txt`)))).toEqual(writers.map(() => false));
    const outputs = bodies()[1]!.input.filter((i) => i.type === "function_call_output");
    // Each one fails: refused without bubblewrap, or run in it and stopped by the read-only file system.
    for (const o of outputs) expect(o.output).toMatch(/^Tool call refused: |^Exit code: [1-9]\d*\n/);
  });

  it("compacts after a context-window error and retries, logging the replacement history", async () => {
    server = await startSseServer([
      statusReply(400, { error: { code: "context_length_exceeded", message: "too long" } }),
      sseReply(sse(responseEvents([assistantMessage("The user said hello.")]))),
      sseReply(sse(responseEvents([assistantMessage("Hello back.")]))),
    ]);
    const log = join(root, "s3.jsonl");
    const { code, stdout } = await cli([
      "--base-url",
      server.baseUrl,
      "--approval",
      "never",
      "--session-log",
      log,
      "hello",
    ]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: "Hello back.\n" });
    const third = bodies()[2]!.input as { role?: string; content?: { text: string }[] }[];
    expect(third.at(-1)?.content?.[0]?.text).toMatch(/\nThe user said hello\.$/);
    const parsed = parseSessionLog(readFileSync(log, "utf8"));
    expect(parsed.value.compactions).toHaveLength(1);
  });

  it.each([
    [
      ["--sandbox", "wide-open", "x"],
      "promptc run: unknown sandbox mode 'wide-open' (expected read-only, workspace-write, danger-full-access)\n",
    ],
    [["--max-steps", "0", "x"], "promptc run: --max-steps must be a positive integer (got 0)\n"],
    [
      ["-C", "/definitely/not/here", "x"],
      "promptc run: cannot read /definitely/not/here: no such file or directory (the working directory)\n",
    ],
  ])("exits 2 with one line for %j", async (args, stderr) => {
    expect(await cli(args)).toEqual({ code: 2, stdout: "", stderr });
  });

  it("exits 1 when the server keeps failing", async () => {
    server = await startSseServer([statusReply(401, { error: { message: "bad key" } })]);
    const { code, stderr } = await cli(["--base-url", server.baseUrl, "--session-log", join(root, "s4.jsonl"), "x"]);
    expect(code).toBe(1);
    expect(stderr).toContain("error (client): bad key");
  });
});
