import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import type { CliIO } from "../../src/cli/io.js";
import { useScratchDirOfFixedLength } from "../scratch-dir.js";

const ROOT = join(import.meta.dirname, "..", "..");
const BASIC = join(ROOT, "fixtures", "workspaces", "basic");
const FIXED = [
  "--date",
  "2026-11-29",
  "--timezone",
  "Etc/UTC",
  "--shell",
  "bash",
  "--codex-home",
  join(BASIC, ".codex-home"),
];

function capture(overrides: Partial<CliIO> = {}) {
  let out = "";
  let err = "";
  const io: CliIO = {
    stdout: (s) => void (out += s),
    stderr: (s) => void (err += s),
    isTTY: false,
    env: {},
    cwd: ROOT,
    ...overrides,
  };
  return { io, out: () => out, err: () => err };
}

// Paths are part of the request bytes (and so of the token counts): the copy lives in this file's own folder, whose
// path has the same length and token count on every run; the snapshot holds `<copy>` for it.
const COPY = join(useScratchDirOfFixedLength("promptc-preview-", "/tmp"), "basic");
beforeAll(() => cpSync(BASIC, COPY, { recursive: true }));

describe("promptc preview", () => {
  it.each(["codex", "promptc"])(
    "prints the layer table, a legend, diagnostics and a summary last (%s profile)",
    async (profile) => {
      const c = capture();
      const code = await run(
        [
          "preview",
          "-C",
          join(COPY, "packages", "api"),
          "-m",
          "use $release-notes please",
          "--profile",
          profile,
          ...FIXED,
          "--codex-home",
          join(COPY, ".codex-home"),
        ],
        c.io,
      );
      expect(c.err()).toBe("");
      expect(code).toBe(0);
      expect(c.out()).not.toMatch(/\u001b\[/);
      await expect(c.out().split(COPY).join("<copy>")).toMatchFileSnapshot(
        `../../snapshots/cli/preview-basic-${profile}.txt`,
      );
      expect(c.out()).not.toContain("── input[");
      expect(c.out().trimEnd().split("\n").at(-1)).toMatch(
        /^summary: [\d,]+ tokens, [\d.<]+% of the window · \d input items and \d+ tools in a [\d,]+-byte body · /,
      );
    },
  );

  it("prints the request text with --text, before the table, so the summary still ends the output", async () => {
    const c = capture();
    expect(
      await run(["preview", "-C", BASIC, "-m", "fix the failing test", "--text", "--profile", "codex", ...FIXED], c.io),
    ).toBe(0);
    const out = c.out();
    expect(out.indexOf("── input[0] developer ──")).toBeGreaterThan(0);
    expect(out.indexOf("── input[0] developer ──")).toBeLessThan(out.indexOf("item    layer"));
    expect(out).toMatch(/── input\[\d\] user ──\nfix the failing test\n/);
    expect(out.trimEnd().split("\n").at(-1)).toMatch(/^summary: /);
  });

  it("shows a missing message as such and sends no empty user item, as Codex without a prompt", async () => {
    const human = capture();
    expect(await run(["preview", "-C", BASIC, ...FIXED], human.io)).toBe(0);
    expect(human.out()).toMatch(/^–\s+user message\s+none given \(preview MESSAGE or -m TEXT\)$/m);
    expect(human.out()).toMatch(/ · no user message\n$/);
    const json = capture();
    expect(await run(["preview", "-C", BASIC, "--json", "--profile", "codex", ...FIXED], json.io)).toBe(0);
    const body = JSON.parse(json.out()) as { input: { role: string; content: { text: string }[] }[] };
    // `codex debug prompt-input` without a prompt ends with the environment context: no user message item.
    expect(body.input.at(-1)?.content.at(-1)?.text).toMatch(/^<environment_context>/);
    expect(body.input.flatMap((i) => i.content).filter((p) => p.text === "")).toEqual([]);
  });

  it("keeps the README's first command on one screen, with the budget diagnostic and the summary", async () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const first = /```sh\n(.*)\n/.exec(readme)?.[1] ?? "";
    const argv = /npx promptc (preview .*)$/
      .exec(first.split(" && ").at(-1) ?? "")?.[1]
      ?.match(/"[^"]*"|\S+/g)
      ?.map((a) => a.replace(/^"|"$/g, ""));
    expect(argv?.slice(0, 1)).toEqual(["preview"]);
    expect(argv).toContain("-m");
    const c = capture();
    expect(await run(argv ?? [], c.io)).toBe(0);
    const lines = c.out().trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(30);
    expect(c.out()).toMatch(
      /warning {2}AGENTS\.md: kept 2,766 of 10,001 bytes — the 32 KiB project-doc budget was spent by \.\.\/\.\.\/AGENTS\.md and \.\.\/AGENTS\.md/,
    );
    expect(c.out()).toMatch(/^item N\.M is input\[N\]\.content\[M\]/m);
    // The warning is the budget cut; the info line says which entry point's approval policy this is.
    expect(lines.at(-1)).toMatch(/^summary: .* · 1 warning, 1 info$/);
  });

  it("prints exactly the request body with --json", async () => {
    const c = capture();
    expect(await run(["preview", "-C", BASIC, "--json", "--profile", "codex", ...FIXED], c.io)).toBe(0);
    const body = JSON.parse(c.out());
    expect(Object.keys(body)).toEqual([
      "model",
      "stream",
      "input",
      "tools",
      "tool_choice",
      "parallel_tool_calls",
      "reasoning",
      "store",
      "include",
      "prompt_cache_key",
      "client_metadata",
    ]);
    expect(JSON.stringify(body)).toBe(c.out());
  });

  it("reports a cut AGENTS.md as a diagnostic with the numbers", async () => {
    const budget = join(ROOT, "fixtures", "workspaces", "budget");
    const c = capture();
    const code = await run(
      [
        "preview",
        "-C",
        join(budget, "a", "b"),
        "--codex-home",
        join(budget, ".codex-home"),
        "--no-text",
        "--date",
        "2026-11-29",
        "--timezone",
        "Etc/UTC",
        "--shell",
        "bash",
      ],
      c.io,
    );
    expect(code).toBe(0);
    expect(c.out()).toMatch(/kept 2,766 of 10,001 bytes/);
  });

  it("colours only a terminal without NO_COLOR", async () => {
    const tty = capture({ isTTY: true });
    await run(["preview", "-C", BASIC, "--no-text", ...FIXED], tty.io);
    expect(tty.out()).toMatch(/\u001b\[/);
    const noColor = capture({ isTTY: true, env: { NO_COLOR: "1" } });
    await run(["preview", "-C", BASIC, "--no-text", ...FIXED], noColor.io);
    expect(noColor.out()).not.toMatch(/\u001b\[/);
  });

  it.each([
    [["--sandbox", "sometimes"], /unknown sandbox mode 'sometimes'/],
    [["--approval", "maybe"], /unknown approval policy 'maybe'/],
    [["--profile", "gemini"], /unknown profile 'gemini'/],
    [
      ["-C", "/nonexistent/dir"],
      /^promptc preview: cannot read \/nonexistent\/dir: no such file or directory \(the working directory\)\n$/,
    ],
  ])("exits 2 with a one-line reason for %j", async (args, reason) => {
    const c = capture();
    expect(await run(["preview", ...FIXED, ...args], c.io)).toBe(2);
    expect(c.err()).toMatch(reason);
    expect(c.err().trim().split("\n")).toHaveLength(1);
  });

  it("writes a self-contained HTML report with --html", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-html-"));
    const file = join(dir, "report.html");
    const c = capture();
    expect(
      await run(["preview", "-C", BASIC, "--no-text", "--html", file, "-m", "<b>hi</b> & bye", ...FIXED], c.io),
    ).toBe(0);
    const html = readFileSync(file, "utf8");
    expect(c.err()).toContain(`wrote ${file}`);
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain("&lt;b&gt;hi&lt;/b&gt; &amp; bye");
    expect(html).not.toMatch(/\b(src|href)=["']?(https?:)?\/\//);
    expect(html).toContain("agents-md");
    rmSync(dir, { recursive: true, force: true });
  });

  it("labels stand-in prose and lists each AGENTS.md source in the HTML report as the terminal table does", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-html-"));
    const cwd = join(BASIC, "packages", "api");
    const terminal = capture();
    expect(
      await run(["preview", "-C", cwd, "--profile", "codex", "--html", join(dir, "dir.html"), ...FIXED], terminal.io),
    ).toBe(0);
    const html = readFileSync(join(dir, "dir.html"), "utf8");
    expect(html).toMatch(/<b>base-instructions<\/b> <span class="tag">\[stand-in prose\]<\/span>/);
    expect(html).toMatch(/<b>permissions<\/b> <span class="tag">\[stand-in prose\]<\/span>/);
    const sources = /← (.*AGENTS\.md.*)$/m.exec(terminal.out())?.[1]?.split(", ") ?? [];
    expect(sources).toEqual(["../../.codex-home/AGENTS.md 83 of 84 B", "../../AGENTS.md 505 B", "AGENTS.md 256 B"]);
    for (const s of sources) expect(html).toContain(`<li>${s}</li>`);
    expect(html).toContain("[stand-in prose]: promptc&#39;s own wording");
    const scenario = capture();
    expect(
      await run(
        [
          "preview",
          "--scenario",
          join(ROOT, "fixtures", "scenarios", "two-turn.yaml"),
          "--html",
          join(dir, "scenario.html"),
        ],
        scenario.io,
      ),
    ).toBe(0);
    const page = readFileSync(join(dir, "scenario.html"), "utf8");
    expect(page).toMatch(/<b>base-instructions<\/b> <span class="tag">\[stand-in prose\]<\/span>/);
    expect(page).toContain("<li>AGENTS.md 49 B</li>");
    rmSync(dir, { recursive: true, force: true });
  });

  it("exits 2 when the HTML report cannot be written", async () => {
    const c = capture();
    expect(await run(["preview", "-C", BASIC, "--no-text", "--html", "/nonexistent/dir/r.html", ...FIXED], c.io)).toBe(
      2,
    );
    expect(c.err()).toBe("promptc preview: cannot write /nonexistent/dir/r.html: no such file or directory\n");
  });

  it("prints a scenario turn's whole request, history included, with --scenario --turn", async () => {
    const scenario = join(ROOT, "fixtures", "scenarios", "two-turn.yaml");
    const c = capture();
    expect(await run(["preview", "--scenario", scenario, "--turn", "2", "--json"], c.io)).toBe(0);
    expect(JSON.parse(c.out())).toEqual(
      JSON.parse(readFileSync(join(ROOT, "snapshots", "scenarios", "two-turn", "turn-2.request.json"), "utf8")),
    );
    const human = capture();
    expect(await run(["preview", "--scenario", scenario, "--no-text"], human.io)).toBe(0);
    expect(human.out()).toMatch(/turn 2 of 2; this turn appended/);
    expect(human.out()).toMatch(/history\s+assistant/);
    // The same labels and sources as a directory preview: the scenario's turns compiled those bytes.
    expect(human.out()).toMatch(/^0\.0\s+base instructions\s+base-instructions \[stand-in prose\]/m);
    expect(human.out()).toMatch(/^1\.0\s+developer\s+permissions \[stand-in prose\]/m);
    expect(human.out()).toMatch(/^2\.0\s+AGENTS\.md\s+agents-md .*\n\s+← AGENTS\.md 49 B$/m);
    expect(human.out()).toContain("[stand-in prose]: promptc's own wording");
  });

  it.each([["0"], ["3"], ["x"]])("exits 2 for --turn %s outside the scenario", async (turn) => {
    const c = capture();
    expect(
      await run(["preview", "--scenario", join(ROOT, "fixtures", "scenarios", "two-turn.yaml"), "--turn", turn], c.io),
    ).toBe(2);
    expect(c.err()).toMatch(/--turn must be a whole number from 1 to 2/);
  });

  it("previews the next turn of a session log with --session: the logged history, then the turn's items", async () => {
    const log = join(ROOT, "fixtures", "transcripts", "codex-0.171-pre-turn-compactions.jsonl");
    const c = capture();
    expect(
      await run(
        ["preview", "--session", log, "-C", BASIC, "-m", "third task", "--json", "--profile", "codex", ...FIXED],
        c.io,
      ),
    ).toBe(0);
    const body = JSON.parse(c.out()) as { input: { role?: string; content?: { text?: string }[] }[] };
    const texts = body.input.map((i) => i.content?.map((p) => p.text ?? "").join("") ?? "");
    // Codex 0.171.0 starts every request with the session's base instructions (session_meta), never logged as history.
    expect(texts.slice(0, 2)).toEqual([
      "Fixture base instructions for promptc tests: act as a careful coding agent in /proj/demo.",
      "first task",
    ]);
    expect(texts.at(-1)).toBe("third task");
    expect(texts.some((t) => t.includes("<environment_context>"))).toBe(true);
  });

  it("exits 2 with a reason for an unreadable session log or --scenario with --session", async () => {
    const a = capture();
    expect(await run(["preview", "--session", "/nonexistent.jsonl", ...FIXED], a.io)).toBe(2);
    expect(a.err()).toBe("promptc preview: cannot read /nonexistent.jsonl: no such file or directory\n");
    const b = capture();
    expect(await run(["preview", "--session", "x", "--scenario", "y"], b.io)).toBe(2);
    expect(b.err()).toMatch(/cannot be combined/);
  });

  it("reads the message from --message-file and enforces Codex's 1,048,576-character limit on it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-msg-"));
    const ok = join(dir, "ok.txt");
    const big = join(dir, "big.txt");
    writeFileSync(ok, "fix the failing test");
    writeFileSync(big, "a".repeat(1_048_577));
    const a = capture();
    expect(await run(["preview", "-C", BASIC, "--message-file", ok, "--json", ...FIXED], a.io)).toBe(0);
    expect(a.out()).toContain('"text":"fix the failing test"');
    const b = capture();
    expect(await run(["preview", "-C", BASIC, "--message-file", big, "--json", ...FIXED], b.io)).toBe(2);
    expect(b.err()).toMatch(/1,048,577 characters; Codex rejects messages over 1,048,576/);
    const c = capture({ readStdin: async () => "from stdin" });
    expect(await run(["preview", "-C", BASIC, "--message-file", "-", "--json", ...FIXED], c.io)).toBe(0);
    expect(c.out()).toContain('"text":"from stdin"');
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [["--turn", "2"], /--turn needs --scenario/],
    [["--scenario", "s.yaml", "-C", "/tmp", "-m", "hi"], /--cwd, --message cannot be combined with --scenario/],
    [
      ["--codex-home", "/nonexistent/codex-home"],
      /^promptc preview: cannot read \/nonexistent\/codex-home: no such file or directory\n$/,
    ],
  ])("exits 2 instead of silently ignoring %j", async (args, reason) => {
    const c = capture();
    expect(await run(["preview", ...args], c.io)).toBe(2);
    expect(c.err()).toMatch(reason);
  });
});
