// `promptc sessions` end to end on synthetic logs in a temp home: one file as text, JSON (valid against
// `promptc schema sessions`) and HTML (rendered by headless Chromium: its charts are SVG, nothing is loaded), the
// listing of a home newest first with --agent and --since, and bad flags.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { SESSIONS_JSON_SCHEMA } from "../../src/report/session-report-schema.js";
import { skipBecause } from "../skip-because.js";
import { capture } from "./cli-capture.js";

async function cli(argv: string[], home: string) {
  const c = capture(home, { HOME: home });
  const code = await run(argv, c.io);
  return { code, stdout: c.out(), stderr: c.err() };
}

const jsonl = (records: object[]) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
const rec = (type: string, payload: object, at: string) => ({ timestamp: at, type, payload });
const use = (input: number, cached: number, at: string) =>
  rec("token_usage_record", { usage: { input_tokens: input, cached_input_tokens: cached, output_tokens: 3 } }, at);
const reply = (at: string) =>
  rec("response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: "ok" }] }, at);

function makeHome(): { home: string; rollout: string; claude: string } {
  const home = mkdtempSync(join(tmpdir(), "promptc-sessions-cli-"));
  const day = join(home, ".codex", "sessions", "2026", "01", "02");
  mkdirSync(day, { recursive: true });
  const rollout = join(day, "rollout-2026-01-02T10-00-00-x.jsonl");
  writeFileSync(
    rollout,
    jsonl([
      rec("session_meta", { id: "cx-1", cwd: "/w" }, "2026-01-02T10:00:00Z"),
      rec("turn_context", { model: "m1" }, "2026-01-02T10:00:00Z"),
      reply("2026-01-02T10:00:01Z"),
      use(2000, 0, "2026-01-02T10:00:01Z"),
      rec(
        "response_item",
        { type: "message", role: "user", content: [{ type: "input_text", text: "next" }] },
        "2026-01-02T10:20:00Z",
      ),
      reply("2026-01-02T10:20:01Z"),
      use(2100, 0, "2026-01-02T10:20:01Z"),
    ]),
  );
  const project = join(home, ".claude", "projects", "-w");
  mkdirSync(project, { recursive: true });
  const claude = join(project, "c-1.jsonl");
  writeFileSync(
    claude,
    jsonl([
      {
        type: "user",
        uuid: "u",
        parentUuid: null,
        sessionId: "c-1",
        timestamp: "2026-01-03T10:00:00Z",
        message: { role: "user", content: "hi" },
      },
      {
        type: "assistant",
        uuid: "a",
        parentUuid: "u",
        sessionId: "c-1",
        requestId: "q",
        timestamp: "2026-01-03T10:00:01Z",
        message: {
          id: "m",
          role: "assistant",
          model: "c",
          content: [{ type: "text", text: "ok" }],
          usage: { input_tokens: 3, cache_creation_input_tokens: 900, cache_read_input_tokens: 0, output_tokens: 4 },
        },
      },
    ]),
  );
  utimesSync(rollout, new Date("2026-01-02T10:20:01Z"), new Date("2026-01-02T10:20:01Z"));
  utimesSync(claude, new Date("2026-01-03T10:00:01Z"), new Date("2026-01-03T10:00:01Z"));
  return { home, rollout, claude };
}

describe("promptc sessions", () => {
  it("reports one file's requests as text, naming the usage semantics and an expired cache", async () => {
    const { home, rollout } = makeHome();
    const r = await cli(["sessions", rollout], home);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("usage: as Codex CLI logs it, input counts every prompt token");
    expect(r.stdout).toMatch(
      /\n2 +10:20:01 +\+20m00s +turn +m1 +2100 +0 +0 +3 +0% +re-billed 2000: nothing changed; 20m00s since the previous request, over the cache lifetime/,
    );
    expect(r.stdout).toContain("worst miss: request 2, 2000 tokens re-billed");
  });

  it("prints JSON valid against `promptc schema sessions`, for a file and for the listing", async () => {
    const { home, claude } = makeHome();
    const schema = await cli(["schema", "sessions"], home);
    expect(JSON.parse(schema.stdout)).toEqual(SESSIONS_JSON_SCHEMA);
    const validate = new Ajv({ strict: false }).compile(SESSIONS_JSON_SCHEMA);
    const one = JSON.parse((await cli(["sessions", claude, "--json"], home)).stdout);
    expect(validate(one), JSON.stringify(validate.errors)).toBe(true);
    expect(one.totals).toMatchObject({ input: 3, cacheWrite: 900, cached: 0, output: 4 });
    const list = JSON.parse((await cli(["sessions", "--json"], home)).stdout);
    expect(validate(list), JSON.stringify(validate.errors)).toBe(true);
  });

  it("lists the sessions of a home newest first, filtered by --agent and --since", async () => {
    const { home } = makeHome();
    const all = await cli(["sessions", "--home", home], home);
    expect(all.code).toBe(0);
    const rows = all.stdout.trim().split("\n").slice(1);
    expect(rows.map((l) => l.split(/ +/)[2])).toEqual(["claude-code", "codex"]);
    expect(rows[1]).toMatch(/#2 2000 \(expired\) +\.codex\/sessions\/2026\/01\/02\/rollout-/);
    const codex = await cli(["sessions", "--home", home, "--agent", "codex", "--json"], home);
    expect(JSON.parse(codex.stdout).sessions.map((s: { agent: string }) => s.agent)).toEqual(["codex"]);
    const recent = await cli(["sessions", "--home", home, "--since", "2026-01-03", "--json"], home);
    expect(JSON.parse(recent.stdout).sessions.map((s: { agent: string }) => s.agent)).toEqual(["claude-code"]);
  });

  it("refuses an unknown agent, a bad --since, --html without a file, a bad price table and an unknown file", async () => {
    const { home, rollout } = makeHome();
    writeFileSync(join(home, "prices.json"), "{");
    writeFileSync(join(home, "notes.txt"), "hello\n");
    for (const argv of [
      ["sessions", "--agent", "emacs"],
      ["sessions", "--since", "someday"],
      ["sessions", "--html", "x.html"],
      ["sessions", rollout, "--prices", "prices.json"],
      ["sessions", "notes.txt"],
    ]) {
      const r = await cli(argv, home);
      expect([argv.join(" "), r.code]).toEqual([argv.join(" "), 2]);
      expect(r.stderr).toMatch(/^promptc sessions: /m);
    }
  });

  const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", process.env.CHROMIUM_BIN].find(
    (c) => c && existsSync(c),
  );
  it.skipIf(skipBecause("sessions --html in Chromium", chromium ? undefined : "no chromium found"))(
    "writes one self-contained page whose charts headless Chromium renders as SVG",
    async () => {
      const { home, rollout } = makeHome();
      const page = join(home, "report.html");
      expect((await cli(["sessions", rollout, "--html", page], home)).code).toBe(0);
      const html = readFileSync(page, "utf8");
      expect(html).not.toMatch(/<script|<link|<img|src=|href=|url\(|@import/i);
      const dom = execFileSync(
        chromium!,
        ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", `file://${page}`],
        {
          encoding: "utf8",
          timeout: 60_000,
          stdio: ["ignore", "pipe", "ignore"],
        },
      );
      expect(dom.match(/<svg /g)?.length).toBe(3);
      expect(dom.match(/<rect class="cached"/g)?.length).toBe(2);
      expect(dom).toContain('class="rebilled" data-request="2" data-tokens="2000"');
    },
    90_000,
  );
});
