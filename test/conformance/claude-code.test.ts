// Conformance: the real Claude Code CLI (the version the claude-code profile reproduces, 2.1.332) captured through
// promptc's capture server (ANTHROPIC_BASE_URL, dummy key, scratch HOME), headless with `-p`. Checks the Messages layer view labels every piece of what it really sends
// (header line, cached system blocks, CLAUDE.md context, system messages, tool round trip). Structure only: no
// Claude prose is asserted or stored. Skips when Claude Code cannot be found or installed.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { claudeCodeAdapter } from "../../src/capture/adapters/claude-code.js";
import { parseReplyScript } from "../../src/capture/reply-script.js";
import { buildRequestView } from "../../src/capture/request-view.js";
import { runCapture } from "../../src/capture/server/run-capture.js";
import { findAgent, type FindAgentResult } from "./find-agent.js";

let claude: FindAgentResult = { skip: "not looked up yet" };
beforeAll(() => {
  claude = findAgent("claude-code");
  console.log(
    "skip" in claude
      ? `conformance claude-code: skipped: ${claude.skip}`
      : `conformance claude-code: ${claude.bin} (${claude.version})`,
  );
});

const text = (b: Uint8Array | undefined) => Buffer.from(b ?? []).toString("utf8");

describe("Claude Code through promptc capture", () => {
  it("runs headless against the loopback server and every piece of its requests is labelled", async () => {
    if ("skip" in claude) return;
    const ws = mkdtempSync(join(tmpdir(), "promptc-claude-ws-"));
    writeFileSync(join(ws, "CLAUDE.md"), "# Project notes\nUse tabs.\n");
    const script = parseReplyScript(
      '[{"text": "running", "tool_calls": [{"name": "Bash", "arguments": {"command": "echo hi-from-tool", "description": "say hi"}}]}, "done"]',
    ).value;
    const out: string[] = [];
    const run = await runCapture({
      adapter: claudeCodeAdapter,
      argv: [claude.bin, "-p", "say hello", "--allowedTools", "Bash(echo:*)"],
      cwd: ws,
      env: { PATH: process.env.PATH, LANG: "C.UTF-8" },
      isolated: true,
      script,
      timeoutMs: 180_000,
      onAgentOutput: (t) => out.push(t),
    });
    expect(run.exitCode, out.join("")).toBe(0);
    expect(run.agentVersion).toBe(claude.version.split(" ")[0]);
    const model = run.requests.filter((r) => r.reply.kind === "model");
    expect(model.map((r) => r.url)).toEqual(["/v1/messages?beta=true", "/v1/messages?beta=true"]);
    expect(model.every((r) => r.headers["x-api-key"] === "<redacted>")).toBe(true);
    expect(out.join("")).toContain("done");

    const first = buildRequestView(text(model[0]?.body), "anthropic-messages");
    expect(first.diagnostics).toEqual([]);
    expect(first.fragments.every((f) => f.known)).toBe(true);
    const ids = first.fragments.map((f) => f.id);
    expect(ids.slice(0, 2)).toEqual(["system-header", "base-instructions"]);
    expect(first.fragments.filter((f) => f.itemIndex < 0 && f.cache !== undefined).length).toBeGreaterThan(0);
    const context = first.fragments.find((f) => f.layer === "agents-md");
    expect(context?.id).toMatch(/^system-reminder:claudeMd/);
    expect(context?.text).toContain("# Project notes\nUse tabs.");
    expect(first.fragments.filter((f) => f.id === "user-message").map((f) => f.text)).toEqual(["say hello"]);
    expect(first.tools.map((t) => t.name)).toContain("Bash");

    const second = buildRequestView(text(model[1]?.body), "anthropic-messages");
    const tail = second.fragments.filter((f) => f.layer === "history").map((f) => [f.role, f.id]);
    expect(tail).toEqual([
      ["assistant", "assistant"],
      ["assistant", "tool_use"],
      ["user", "tool_result"],
    ]);
    expect(second.fragments.find((f) => f.id === "tool_result")?.text).toContain("hi-from-tool");
    expect(second.fragments.some((f) => f.itemIndex >= 0 && f.cache !== undefined)).toBe(true);
  });
});
