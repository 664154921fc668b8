// `promptc preview --profile claude-code|gemini-cli|pi --session FILE`: the next request of one of the agent's own
// sessions, from synthetic session files (our own words, each agent's record shapes).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIO } from "../../src/cli/io.js";
import { run } from "../../src/cli/program.js";

let root = "";
const jsonl = (...records: object[]) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "promptc-harness-session-")));
  const cwd = join(root, "w");
  const files: { [p: string]: string } = {
    "w/CLAUDE.md": "Rules.\n",
    "w/AGENTS.md": "Agents.\n",
    "home/.pi/agent/settings.json": JSON.stringify({ defaultProvider: "loop", defaultModel: "m1" }),
    "home/.pi/agent/models.json": JSON.stringify({
      providers: { loop: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-responses", models: [{ id: "m1" }] } },
    }),
    "claude.jsonl": jsonl(
      {
        type: "user",
        uuid: "a",
        parentUuid: null,
        sessionId: "cc-1",
        cwd,
        message: { role: "user", content: "first" },
      },
      {
        type: "assistant",
        uuid: "b",
        parentUuid: "a",
        message: { id: "m", role: "assistant", content: [{ type: "text", text: "ok" }] },
      },
    ),
    "pi.jsonl": jsonl(
      { type: "session", version: 3, id: "pi-1", timestamp: "t", cwd },
      {
        type: "message",
        id: "a",
        parentId: null,
        message: { role: "user", content: [{ type: "text", text: "first" }] },
      },
    ),
    "gemini.jsonl": jsonl(
      { sessionId: "g-1", projectHash: "p", startTime: "t", lastUpdated: "t", kind: "main" },
      { id: "u", type: "user", content: [{ text: "first" }] },
      { id: "g", type: "gemini", content: "ok" },
    ),
    "body.json": JSON.stringify({ input: [] }),
  };
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(args: string[]) {
  let out = "";
  let err = "";
  const io: CliIO = {
    stdout: (s) => void (out += s),
    stderr: (s) => void (err += s),
    isTTY: false,
    env: { PATH: "", HOME: join(root, "home"), XDG_CACHE_HOME: join(root, "cache") },
    cwd: root,
  };
  const code = await run(["preview", "--home", "home", "--date", "2026-01-02", "--json", ...args], io);
  return { code, out, err };
}

describe("promptc preview --session with a harness profile", () => {
  it("continues a Claude Code session in its folder, with its id and the next prompt marked for the cache", async () => {
    const r = await cli(["--profile", "claude-code", "--session", "claude.jsonl", "-m", "second"]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as { messages: unknown[]; metadata: { user_id: string } };
    expect(body.messages).toEqual([
      { role: "user", content: "first" },
      { role: "assistant", content: [{ type: "text", text: "ok" }] },
      {
        role: "user",
        content: [
          { type: "text", text: expect.stringContaining(`Contents of ${root}/w/CLAUDE.md`) },
          { type: "text", text: "second", cache_control: { type: "ephemeral" } },
        ],
      },
    ]);
    expect(JSON.parse(body.metadata.user_id).session_id).toBe("cc-1");
  });

  it("continues a pi session with its id as the prompt cache key", async () => {
    const r = await cli(["--profile", "pi", "--session", "pi.jsonl", "-m", "second"]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as { input: { role: string }[]; prompt_cache_key: string };
    // m1 names no `reasoning`: pi's default is off, so the system text goes as a system message (measured).
    expect(body.input.map((i) => i.role)).toEqual(["system", "user", "user"]);
    expect(body.prompt_cache_key).toBe("pi-1");
  });

  it("resumes a Gemini CLI session after a fresh session context", async () => {
    const r = await cli(["--profile", "gemini-cli", "-C", "w", "--session", "gemini.jsonl", "-m", "second"]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as { contents: { role: string; parts: { text: string }[] }[] };
    expect(body.contents.map((c) => [c.role, c.parts.length])).toEqual([
      ["user", 2],
      ["model", 1],
      ["user", 1],
    ]);
    expect(body.contents[0]!.parts[1]!.text).toBe("first");
  });

  it("refuses a file that is not the agent's session file, saying where that agent keeps them", async () => {
    const r = await cli(["--profile", "pi", "--session", "body.json", "-m", "x"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("not a pi session file (~/.pi/agent/sessions/");
    const wrong = await cli(["--profile", "claude-code", "--session", "pi.jsonl", "-m", "x"]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain("session/unknown-format");
  });

  it("skips a line over the 16 MiB line cap with a warning and reads the rest", async () => {
    const big = join(root, "big.jsonl");
    const lines = jsonl({
      type: "user",
      uuid: "a",
      parentUuid: null,
      sessionId: "cc-2",
      message: { role: "user", content: "first" },
    });
    writeFileSync(big, `${lines}${"x".repeat(16 * 1024 * 1024 + 1)}\n`);
    const r = await cli(["--profile", "claude-code", "-C", "w", "--session", "big.jsonl", "-m", "second"]);
    expect(r.code).toBe(0);
    expect(r.err).toContain("session/line-too-long");
    expect(JSON.parse(JSON.parse(r.out).metadata.user_id).session_id).toBe("cc-2");
  });
});
