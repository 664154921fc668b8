import { existsSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { claudeCodeAdapter } from "../../../src/capture/adapters/claude-code.js";
import { codexAdapter } from "../../../src/capture/adapters/codex.js";
import { parseReplyScript } from "../../../src/capture/reply-script.js";
import { runCapture } from "../../../src/capture/server/run-capture.js";

const FAKE = fileURLToPath(new URL("../fixtures/fake-agent.mjs", import.meta.url));
const env = (mode: string, extra: { [k: string]: string } = {}) => ({
  PATH: process.env.PATH,
  FAKE_AGENT_MODE: mode,
  ...extra,
});
const text = (b: Uint8Array | undefined) => Buffer.from(b ?? []).toString("utf8");

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("runCapture", () => {
  it("captures a Codex-like agent through a scripted tool call and returns its exit code and version", async () => {
    const out: string[] = [];
    const run = await runCapture({
      adapter: codexAdapter,
      argv: [FAKE, "exec", "list files"],
      cwd: process.cwd(),
      env: env("codex", { FAKE_AGENT_EXIT: "7" }),
      script: parseReplyScript('[{"tool_calls": [{"name": "shell", "arguments": {"cmd": "ls"}}]}]').value,
      onAgentOutput: (t) => out.push(t),
    });
    expect(run.exitCode).toBe(7);
    expect(run.agentVersion).toBe("0.171.0");
    expect(run.requests.map((r) => `${r.method} ${r.url} ${r.reply.kind}`)).toEqual([
      "GET /v1/models models-list",
      "POST /v1/responses model",
      "POST /v1/responses model",
    ]);
    const second = JSON.parse(text(run.requests[2]?.body)) as { input: { type: string; call_id?: string }[] };
    expect(second.input.slice(-2).map((i) => [i.type, i.call_id])).toEqual([
      ["function_call", "call_2_0"],
      ["function_call_output", "call_2_0"],
    ]);
    expect(run.requests[1]?.headers.authorization).toBe("<redacted>");
    expect(out.join("")).toContain("fake-agent: done");
    expect(run.diagnostics).toEqual([]);
  });

  it("captures a Claude-Code-like agent over the Messages dialect through a scripted tool call", async () => {
    const out: string[] = [];
    const script = parseReplyScript(
      '[{"text": "running", "tool_calls": [{"name": "Bash", "arguments": {"command": "ls"}, "call_id": "toolu_x"}]}]',
    ).value;
    const run = await runCapture({
      adapter: claudeCodeAdapter,
      argv: [FAKE, "hi"],
      cwd: process.cwd(),
      env: env("claude"),
      script,
      onAgentOutput: (t) => out.push(t),
    });
    expect(run.exitCode).toBe(0);
    expect(run.requests.map((r) => [r.method, r.url, r.reply.kind, r.headers["x-api-key"] ?? null])).toEqual([
      ["HEAD", "/", "other", null],
      ["POST", "/v1/messages?beta=true", "model", "<redacted>"],
      ["POST", "/v1/messages?beta=true", "model", "<redacted>"],
    ]);
    const second = JSON.parse(text(run.requests[2]?.body)) as {
      messages: { role: string; content: { type: string; id?: string; tool_use_id?: string }[] }[];
    };
    expect(
      second.messages.slice(2).map((m) => [m.role, m.content.map((c) => [c.type, c.id ?? c.tool_use_id ?? null])]),
    ).toEqual([
      [
        "assistant",
        [
          ["text", null],
          ["tool_use", "toolu_x"],
        ],
      ],
      ["user", [["tool_result", "toolu_x"]]],
    ]);
    expect(run.agentVersion).toBe("9.9.9");
    expect(out.join("")).toContain("fake-claude: ok");
  });

  it("keeps the partial capture when the agent crashes", async () => {
    const run = await runCapture({ adapter: codexAdapter, argv: [FAKE, "x"], cwd: process.cwd(), env: env("crash") });
    expect(run.exitCode).toBe(3);
    expect(run.requests).toHaveLength(1);
  });

  it("stops a hung agent at the timeout, keeps what it sent and leaves no process behind", async () => {
    const out: string[] = [];
    const run = await runCapture({
      adapter: codexAdapter,
      argv: [FAKE, "x"],
      cwd: process.cwd(),
      env: env("hang"),
      timeoutMs: 1500,
      onAgentOutput: (t) => out.push(t),
    });
    expect(run.timedOut).toBe(true);
    expect(run.requests).toHaveLength(1);
    expect(run.diagnostics.map((d) => d.rule)).toEqual(["capture/timeout"]);
    const pid = Number(/fake-agent pid (\d+)/.exec(out.join(""))?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(isAlive(pid)).toBe(false);
  });

  it("passes a Ctrl-C on to the agent's process group and returns what was recorded", async () => {
    const before = process.listeners("SIGINT");
    let sawPid: (pid: number) => void = () => {};
    const pidSeen = new Promise<number>((resolve) => (sawPid = resolve));
    const running = runCapture({
      adapter: codexAdapter,
      argv: [FAKE, "x"],
      cwd: process.cwd(),
      env: env("hang"),
      timeoutMs: 60_000,
      onAgentOutput: (t) => {
        const m = /fake-agent pid (\d+)/.exec(t);
        if (m) sawPid(Number(m[1]));
      },
    });
    const pid = await pidSeen;
    // Call only the handler runCapture added (the test runner may have its own).
    const added = process.listeners("SIGINT").filter((l) => !before.includes(l));
    expect(added).toHaveLength(1);
    for (const l of added) (l as () => void)();
    const run = await running;
    expect([run.timedOut, run.exitCode, run.signal]).toEqual([false, null, "SIGTERM"]);
    expect(isAlive(pid)).toBe(false);
    expect(process.listeners("SIGINT")).toEqual(before);
  });

  it("records a body that is not JSON as it was sent", async () => {
    const run = await runCapture({
      adapter: codexAdapter,
      argv: [FAKE, "x"],
      cwd: process.cwd(),
      env: env("invalid-json"),
    });
    expect(text(run.requests[0]?.body)).toBe("{not json");
  });

  it.each([
    [false, "/home/user", "/home/user/.codex-x"],
    [true, undefined, undefined],
  ])(
    "runs the agent with a scratch HOME and CODEX_HOME only when isolated (%s), removed afterwards",
    async (isolated, home, codexHome) => {
      const out: string[] = [];
      const cwd = mkdtempSync(join(tmpdir(), "promptc-run-cwd-"));
      const run = await runCapture({
        adapter: codexAdapter,
        argv: [FAKE, "x"],
        cwd,
        env: env("whoami", { HOME: "/home/user", CODEX_HOME: "/home/user/.codex-x" }),
        isolated,
        onAgentOutput: (t) => out.push(t),
      });
      expect(run.exitCode).toBe(0);
      const m = /fake-agent cwd=(\S+) HOME=(\S*) CODEX_HOME=(\S*)/.exec(out.join(""));
      expect(m?.[1]).toBe(realpathSync(cwd));
      if (home !== undefined) expect([m?.[2], m?.[3]]).toEqual([home, codexHome]);
      else {
        const scratch = dirname(m?.[2] ?? "");
        expect([m?.[2], m?.[3]]).toEqual([join(scratch, "home"), join(scratch, "codex-home")]);
        expect(basename(scratch)).toMatch(/^promptc-capture-/);
        expect(existsSync(scratch)).toBe(false);
      }
    },
  );

  it("removes cloud-provider switches and real tokens from Claude Code's environment and keeps proxies off loopback", async () => {
    const out: string[] = [];
    const userEnv = env("whoami", {
      CLAUDE_CODE_USE_BEDROCK: "1",
      ANTHROPIC_AUTH_TOKEN: "real-token",
      ANTHROPIC_API_KEY: "real-key",
      NO_PROXY: "corp.example",
      KEEP_ME: "yes",
    });
    const run = await runCapture({
      adapter: claudeCodeAdapter,
      argv: [FAKE, "x"],
      cwd: process.cwd(),
      env: userEnv,
      onAgentOutput: (t) => out.push(t),
    });
    expect(run.exitCode).toBe(0);
    expect(/fake-agent env (.*)/.exec(out.join(""))?.[1]).toBe(
      "CLAUDE_CODE_USE_BEDROCK=(unset) ANTHROPIC_AUTH_TOKEN=(unset) ANTHROPIC_API_KEY=promptc-capture-dummy-key NO_PROXY=127.0.0.1,localhost KEEP_ME=yes",
    );
  });

  it("reports a missing agent command as a spawn failure", async () => {
    const run = await runCapture({
      adapter: codexAdapter,
      argv: ["/nonexistent/codex-binary"],
      cwd: process.cwd(),
      env: env("codex"),
    });
    expect(run.exitCode).toBeNull();
    expect(run.diagnostics.map((d) => d.rule)).toEqual(["capture/spawn-failed"]);
  });
});
