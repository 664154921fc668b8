import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture } from "./cli-capture.js";

const FAKE = fileURLToPath(new URL("../capture/fixtures/fake-agent.mjs", import.meta.url));

const io = (env: { [k: string]: string } = {}) => capture(process.cwd(), { PATH: process.env.PATH ?? "", ...env });

describe("promptc capture", () => {
  it("shows the layer view of each request, writes -o files byte-exact and exits with the agent's code", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-capture-cli-"));
    const c = io({ FAKE_AGENT_MODE: "codex", FAKE_AGENT_EXIT: "5" });
    const code = await run(
      [
        "capture",
        "--agent",
        "codex",
        "-o",
        join(dir, "out"),
        "--html",
        join(dir, "r.html"),
        "--",
        FAKE,
        "exec",
        "list files",
      ],
      c.io,
    );
    expect(code).toBe(5);
    expect(c.out()).toContain("#2 POST /v1/responses");
    expect(c.out()).toMatch(/developer\s+developer\s+permissions/);
    expect(c.out()).toMatch(/user\s+environment\s+environment-context/);
    expect(c.out()).toMatch(
      /layers: base-instructions \d+, developer \d+, environment \d+, user-message \d+, tools \d+/,
    );
    expect(c.err()).toContain("fake-agent: done");
    expect(readdirSync(join(dir, "out")).sort()).toEqual([
      "001.headers.json",
      "001.request.json",
      "002.headers.json",
      "002.request.json",
      "capture.json",
    ]);
    const body = readFileSync(join(dir, "out", "002.request.json"), "utf8");
    expect(JSON.parse(body).input[3].content[0].text).toBe("list files");
    expect(JSON.parse(readFileSync(join(dir, "out", "002.headers.json"), "utf8")).authorization).toBe("<redacted>");
    expect(JSON.parse(readFileSync(join(dir, "out", "capture.json"), "utf8"))).toMatchObject({
      agent: "codex",
      agentVersion: "0.171.0",
      exitCode: 5,
    });
    expect(readFileSync(join(dir, "r.html"), "utf8")).toContain("<!DOCTYPE html>");
  });

  it("hands the agent's own options through without `--`", async () => {
    const c = io({ FAKE_AGENT_MODE: "codex" });
    const code = await run(
      ["capture", "--agent", "codex", FAKE, "exec", "-s", "read-only", "--json-ish", "list files"],
      c.io,
    );
    expect(c.err()).not.toMatch(/unknown option/);
    expect(code).toBe(0);
    expect(c.out()).toContain("POST /v1/responses");
  });

  it("shows a Claude-Code-like capture in the Messages view against Claude's window, --context-window overriding", async () => {
    const c = io({ FAKE_AGENT_MODE: "claude" });
    expect(await run(["capture", "--agent", "claude-code", "--", FAKE, "hi"], c.io)).toBe(0);
    expect(c.out()).toMatch(/sys\.0\s+system\s+extension\s+system-header/);
    expect(c.out()).toMatch(/sys\.2\s+system\s+base-instructions\s+system .*\[cache: ephemeral 1h\]/);
    expect(c.out()).toMatch(/0\.0\s+user\s+agents-md\s+system-reminder:claudeMd\+currentDate/);
    expect(c.out()).toMatch(/1\.0\s+system\s+developer\s+system-message/);
    expect(c.out()).toContain("tokens: o200k_base counts");
    expect(c.out()).toMatch(/% of 200,000\)/);
    const w = io({ FAKE_AGENT_MODE: "claude" });
    await run(["capture", "--agent", "claude-code", "--context-window", "1000000", "--", FAKE, "hi"], w.io);
    expect(w.out()).toMatch(/% of 1,000,000\)/);
  });

  it("prints the capture as JSON with raw bodies", async () => {
    const c = io({ FAKE_AGENT_MODE: "invalid-json" });
    expect(await run(["capture", "--agent", "codex", "--json", "--", FAKE, "x"], c.io)).toBe(1);
    const doc = JSON.parse(c.out()) as { requests: { body: string }[] };
    expect(doc.requests.map((r) => r.body)).toEqual(["{not json"]);
  });

  it("gives a body that is not UTF-8 as base64 in --json and warns in the view", async () => {
    const c = io({ FAKE_AGENT_MODE: "bad-utf8" });
    expect(await run(["capture", "--agent", "codex", "--json", "--", FAKE, "x"], c.io)).toBe(0);
    const doc = JSON.parse(c.out()) as { requests: { body?: string; bodyBase64?: string }[] };
    expect(doc.requests.map((r) => [r.body, Buffer.from(r.bodyBase64 ?? "", "base64").toString("hex")])).toEqual([
      [undefined, "7b22ff223a317d"],
    ]);
    const v = io({ FAKE_AGENT_MODE: "bad-utf8" });
    await run(["capture", "--agent", "codex", "--", FAKE, "x"], v.io);
    expect(v.out()).toContain("request body is not valid UTF-8");
  });

  it("compares the first model request with a compiled body through the cache module, session ids aside", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-capture-cli-"));
    const c0 = io({ FAKE_AGENT_MODE: "codex" });
    await run(["capture", "--agent", "codex", "-o", join(dir, "cap"), "--", FAKE, "x"], c0.io);
    const captured = JSON.parse(readFileSync(join(dir, "cap", "002.request.json"), "utf8")) as {
      input: { id?: string }[];
    };
    expect(captured.input.every((i) => typeof i.id === "string")).toBe(true);
    // The prediction without ids, for another session (cache key, metadata), is the same request: exit 0.
    writeFileSync(
      join(dir, "same.json"),
      JSON.stringify({
        ...captured,
        prompt_cache_key: "another-session",
        client_metadata: { turn_id: "t" },
        input: captured.input.map(({ id: _id, ...rest }) => rest),
      }),
    );
    const same = io({ FAKE_AGENT_MODE: "codex" });
    expect(
      await run(["capture", "--agent", "codex", "--compare", join(dir, "same.json"), "--", FAKE, "x"], same.io),
      same.err(),
    ).toBe(0);
    expect(same.out()).toContain("first divergence: none");
    // A prediction whose environment item differs: exit 1, the item and its byte named.
    const changed = {
      ...captured,
      input: captured.input.map(({ id: _id, ...rest }, i) =>
        i === 2
          ? {
              ...rest,
              content: [
                { type: "input_text", text: "<environment_context>\n  <cwd>/elsewhere</cwd>\n</environment_context>" },
              ],
            }
          : rest,
      ),
    };
    writeFileSync(join(dir, "changed.json"), JSON.stringify({ request: changed }));
    const c = io({ FAKE_AGENT_MODE: "codex" });
    expect(
      await run(["capture", "--agent", "codex", "--compare", join(dir, "changed.json"), "--", FAKE, "x"], c.io),
    ).toBe(1);
    expect(c.out()).toContain("common prefix: 2/4 items of A");
    expect(c.out()).toMatch(/first divergence: input\[2\] at byte [\d,]+ \(byte 52 of the item\)/);
    expect(c.out()).toContain("item-rewritten: input[2] (user <environment_context>) rewritten in place");
    expect(c.out()).toMatch(/\n  B: user <environment_context>  …[^\n]*<cwd>\/▶elsewhere<\/cwd>/);
  });

  it("exits 2 when --compare names a file that is not a request body", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-capture-cli-"));
    writeFileSync(join(dir, "x.json"), '{"messages": []}');
    const c = io({ FAKE_AGENT_MODE: "codex" });
    expect(await run(["capture", "--agent", "codex", "--compare", join(dir, "x.json"), "--", FAKE, "x"], c.io)).toBe(2);
    expect(c.err()).toContain('is not a request body (no "input" array)');
  });

  it.each([
    ["crash", 3, [/fake-agent: crashing/, /agent exit 3; saved to /]],
    ["selfkill", 128 + 9, [/agent killed by SIGKILL; saved to /]],
    ["invalid-json", 1, [/agent exit 0; saved to /]],
  ])(
    "ends a run where the agent does %s with a clear message, exit %i and the partial capture saved",
    async (mode, exit, messages) => {
      const dir = mkdtempSync(join(tmpdir(), "promptc-capture-cli-"));
      const c = io({ FAKE_AGENT_MODE: mode });
      expect(await run(["capture", "--agent", "codex", "-o", join(dir, "out"), "--", FAKE, "x"], c.io)).toBe(exit);
      for (const m of messages) expect(c.err()).toMatch(m);
      const index = JSON.parse(readFileSync(join(dir, "out", "capture.json"), "utf8")) as {
        requests: { file: string }[];
      };
      expect(index.requests.map((r) => r.file)).toEqual(["001.request.json"]);
      if (mode === "invalid-json") {
        expect(readFileSync(join(dir, "out", "001.request.json"), "utf8")).toBe("{not json");
        expect(c.out()).toMatch(/request body is not valid JSON.*capture\/invalid-json/);
      }
    },
  );

  // --cwd as in preview and run; --cd (Codex's spelling) stays as a hidden alias.
  it.each(["-C", "--cwd", "--cd"])("runs the agent in the %s directory, relative to the current one", async (flag) => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-capture-cli-"));
    mkdirSync(join(dir, "sub"));
    const c = io({ FAKE_AGENT_MODE: "whoami" });
    expect(await run(["capture", "--agent", "codex", flag, "sub", "--", FAKE, "x"], { ...c.io, cwd: dir })).toBe(0);
    expect(c.err()).toContain(`fake-agent cwd=${realpathSync(join(dir, "sub"))} `);
  });

  it("stops a hung agent at --timeout, says so, saves what it sent and exits 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-capture-cli-"));
    const c = io({ FAKE_AGENT_MODE: "hang" });
    expect(
      await run(["capture", "--agent", "codex", "--timeout", "1", "-o", join(dir, "out"), "--", FAKE, "x"], c.io),
    ).toBe(1);
    expect(c.err()).toMatch(/agent did not finish within 1 s and was stopped; the requests recorded so far are kept/);
    expect(c.err()).toMatch(/agent timed out; saved to /);
    expect(readdirSync(join(dir, "out")).sort()).toEqual(["001.headers.json", "001.request.json", "capture.json"]);
    const pid = Number(/fake-agent pid (\d+)/.exec(c.err())?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it.each([
    [["capture", "--", "some-unknown-tool"], /cannot tell which agent/],
    [["capture", "--agent", "nope", "--", "x"], /unknown agent 'nope'/],
    [["capture", "--agent", "codex", "--turns", "0", "--", "x"], /--turns must be a positive integer/],
    [["capture", "--agent", "codex", "--", "/nonexistent/agent"], /command not found/],
  ])("exits 2 with a one-line reason for %j", async (argv, message) => {
    const c = io();
    expect(await run(argv, c.io)).toBe(2);
    expect(c.err()).toMatch(message);
  });
});

describe("promptc calibrate", () => {
  it("writes prose files and calibration.json from a capture folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-calibrate-cli-"));
    const c1 = io({ FAKE_AGENT_MODE: "codex" });
    await run(["capture", "--agent", "codex", "-o", join(dir, "cap"), "--", FAKE, "x"], c1.io);
    const c = io();
    expect(await run(["calibrate", join(dir, "cap"), "--profile", "codex", "-o", join(dir, "prose")], c.io)).toBe(0);
    expect(readdirSync(join(dir, "prose")).sort()).toEqual([
      "base-instructions.md",
      "calibration.json",
      "layout.json",
      "request-tools.json",
      "tools.yaml",
    ]);
    expect(readFileSync(join(dir, "prose", "base-instructions.md"), "utf8")).toBe("Base text for the fake agent.");
    expect(JSON.parse(readFileSync(join(dir, "prose", "calibration.json"), "utf8"))).toMatchObject({
      profile: "codex",
      agentVersion: "0.171.0",
      targetVersion: "0.171.0",
    });
    expect(existsSync(join(dir, "prose", "permissions-approval-never.md"))).toBe(false);
  });

  it("exits 2 without -o", async () => {
    const c = io();
    expect(await run(["calibrate", "x.json"], c.io)).toBe(2);
    expect(c.err()).toMatch(/missing -o/);
  });
});
