import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../../../src/cli/program.js";
import type { CliIO } from "../../../src/cli/io.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const T = (name: string) => join("fixtures", "transcripts", name);

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), isTTY: false, env: {}, cwd: ROOT };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

describe("promptc compact", () => {
  it("dry-runs a Codex rollout: threshold, fates, landing places and the compacted history", async () => {
    const r = await cli([
      "compact",
      T("codex-0.171-pre-turn-compactions.jsonl"),
      "--auto-compact-limit",
      "5000",
      "--summary",
      "Fixture summary.",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "(codex-rollout, Codex 0.171.0, session 01a22812-9d16-7c50-a92f-0599250b4b1b) — dry run, no model called",
    );
    expect(r.stdout).toMatch(/usage\s+60,005 reported \+ 0 estimated = 60,005 tokens/);
    expect(r.stdout).toMatch(
      /threshold\s+5,000 \(window 272,000 \(from the log\), config 5,000\); crossed: compaction would run now/,
    );
    // The old summary (known from the log) is not a user message; context goes before the newest task.
    expect(r.stdout).toMatch(
      /#0 +kept +3 tokens +"first task"\n +#3 +kept +3 tokens +"second task"\n +#5 +kept +3 tokens +"third task"\n/,
    );
    expect(r.stdout).toContain("initial context  items 2–3 (anchor: last-real-user)");
    expect(r.stdout).toContain("summary          item 5");
    expect(r.stdout).toContain("summary prefix from the log (compaction at line 40)");
    const history = r.stdout.slice(r.stdout.indexOf("compacted history"));
    expect(history.split("\n").slice(1, 8)).toEqual([
      '     0  user      "first task"',
      '     1  user      "second task"',
      '     2  developer "<skills_instructions> ## Skills Fixture list: no skills are…"',
      '     3  user      "# AGENTS.md instructions for /proj/demo <INSTRUCTIONS> # re…"',
      '     4  user      "third task"',
      '     5  user      "[fixture summary prefix] The earlier part of this session w…"',
      "",
    ]);
  });

  it("prints the whole report and the history as JSON", async () => {
    const r = await cli([
      "compact",
      T("codex-0.171-mid-turn-tool-calls.jsonl"),
      "--json",
      "--summary",
      "S",
      "--context-window",
      "1000",
      "--max-user-tokens",
      "3",
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.format).toBe("codex-rollout");
    expect(json.threshold).toEqual({
      limit: 900,
      contextWindow: 1000,
      windowSource: "option",
      decision: { compact: true, reason: "limit-reached", usePreviousModel: false },
    });
    expect(json.outcome.userMessages).toEqual([
      { historyIndex: 0, fate: "dropped", tokens: 6 },
      { historyIndex: 3, fate: "kept", tokens: 3 },
    ]);
    expect(json.history.at(-1)).toEqual({
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: expect.stringMatching(/\nS$/) }],
    });
    expect(json.before.items).toBe(6);
    expect(json.after.items).toBe(json.history.length);
    expect(json.after.items).toBeLessThan(json.before.items);
  });

  it("supports the remote and pi strategies", async () => {
    const remote = JSON.parse(
      (await cli(["compact", T("request-body.json"), "--json", "--strategy", "codex-remote"])).stdout,
    );
    expect(remote.history.map((i: { type: string }) => i.type)).toEqual([
      "message",
      "message",
      "message",
      "compaction",
    ]);
    expect(remote.outcome.remote).toEqual({ trimmed: [], simulated: true, requestSkipped: false });
    const pi = JSON.parse(
      (
        await cli([
          "compact",
          T("request-body.json"),
          "--json",
          "--strategy",
          "pi",
          "--keep-recent",
          "5",
          "--no-initial-context",
        ])
      ).stdout,
    );
    expect(pi.outcome.pi).toEqual({
      cutIndex: 5,
      splitTurn: true,
      turnStartIndex: 2,
      summarizedItems: 5,
      keptItems: 1,
    });
  });

  it("falls back to the profile's template prefix with --no-log-prefix", async () => {
    const r = JSON.parse(
      (
        await cli([
          "compact",
          T("codex-0.171-pre-turn-compactions.jsonl"),
          "--json",
          "--no-log-prefix",
          "--profile",
          "codex",
          "--summary",
          "x",
        ])
      ).stdout,
    );
    expect(r.summaryPrefixFrom).toBe("templates/codex/compact-summary-prefix.hbs (stand-in)");
    expect(r.outcome.summaryText).toMatch(/^\[stand-in\] .*\nx$/s);
  });

  it("defaults a Codex rollout without its own prefix to the codex profile's stand-in", async () => {
    const r = JSON.parse(
      (await cli(["compact", T("codex-0.171-resume-baseline.jsonl"), "--json", "--summary", "x"])).stdout,
    );
    expect(r.summaryPrefixFrom).toBe("templates/codex/compact-summary-prefix.hbs (stand-in)");
    expect(r.outcome.summaryText).toMatch(/^\[stand-in\] .*\nx$/s);
  });

  it("takes the window of a promptc run log's model from the model catalogue, and keeps the promptc prefix", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-compact-"));
    const lines = [
      { type: "session_meta", payload: { id: "s1", cwd: "/w", originator: "promptc", cli_version: "0.1.0" } },
      { type: "turn_context", payload: { model: "gpt-5.1", cwd: "/w" } },
      {
        type: "response_item",
        payload: { type: "message", role: "user", content: [{ type: "input_text", text: "hello" }] },
      },
    ];
    writeFileSync(join(dir, "run.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const r = await cli(["compact", join(dir, "run.jsonl"), "--json"]);
    const json = JSON.parse(r.stdout);
    expect(json.threshold).toMatchObject({ contextWindow: 272_000, windowSource: "model catalogue" });
    expect(json.summaryPrefixFrom).toBe("templates/promptc/compact-summary-prefix.hbs (builtin)");
    expect((await cli(["compact", join(dir, "run.jsonl")])).stdout).toMatch(
      /threshold +244,800 \(window 272,000 \(from the model catalogue\)\)/,
    );
    // A model the catalogue does not know stays unknown.
    writeFileSync(
      join(dir, "other.jsonl"),
      [lines[0], { type: "turn_context", payload: { model: "llama-3", cwd: "/w" } }, lines[2]]
        .map((l) => JSON.stringify(l))
        .join("\n") + "\n",
    );
    expect(JSON.parse((await cli(["compact", join(dir, "other.jsonl"), "--json"])).stdout).threshold.windowSource).toBe(
      "unknown",
    );
  });

  it("uses a user-supplied summary prefix file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-compact-"));
    writeFileSync(join(dir, "prefix.txt"), "MY OWN PREFIX");
    const r = JSON.parse(
      (
        await cli([
          "compact",
          T("request-body.json"),
          "--json",
          "--summary",
          "x",
          "--summary-prefix-file",
          join(dir, "prefix.txt"),
        ])
      ).stdout,
    );
    expect(r.outcome.summaryText).toBe("MY OWN PREFIX\nx");
    expect(r.summaryPrefixFrom).toBe(`${join(dir, "prefix.txt")} (user-supplied)`);
  });

  it("takes the limit and, when the log has none, the window from --config", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-compact-"));
    writeFileSync(join(dir, "config.toml"), "model_auto_compact_token_limit = 5000\nmodel_context_window = 1000\n");
    const r = JSON.parse(
      (await cli(["compact", T("request-body.json"), "--json", "--config", join(dir, "config.toml")])).stdout,
    );
    expect(r.threshold).toEqual({
      limit: 900,
      contextWindow: 1000,
      windowSource: "config",
      configLimit: 5000,
      decision: { compact: false, reason: "below-limit", usePreviousModel: false },
    });
    // --auto-compact-limit wins over the config; a rollout's own window wins over the config's.
    const rollout = JSON.parse(
      (
        await cli([
          "compact",
          T("codex-0.171-pre-turn-compactions.jsonl"),
          "--json",
          "--config",
          join(dir, "config.toml"),
          "--auto-compact-limit",
          "70000",
        ])
      ).stdout,
    );
    expect(rollout.threshold).toMatchObject({ limit: 70000, contextWindow: 272000, windowSource: "log" });
  });

  it("shows a middle-truncated message, a dropped one, a pinned skill and a surviving ghost snapshot", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-compact-"));
    const text = (t: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text: t }] });
    const items = [
      {
        type: "message",
        role: "developer",
        content: [{ type: "input_text", text: "<permissions instructions>\np\n</permissions instructions>" }],
      },
      text("<environment_context>\n  <cwd>/w</cwd>\n</environment_context>"),
      text("old task"),
      text(`START ${"lorem ipsum ".repeat(400)}END`),
      text("<skill>\n<name>deploy</name>\n<path>/s/deploy/SKILL.md</path>\nDeploy carefully.\n</skill>"),
      {
        type: "ghost_snapshot",
        ghost_commit: { id: "abc123", parent: null, preexisting_untracked_files: [], preexisting_untracked_dirs: [] },
      },
      { type: "function_call", name: "shell", arguments: "{}", call_id: "c1" },
      { type: "function_call_output", call_id: "c1", output: "ok" },
      text("newest task"),
    ];
    writeFileSync(join(dir, "items.json"), JSON.stringify(items));
    writeFileSync(join(dir, "summary.txt"), "We did X.");
    const r = await cli([
      "compact",
      join(dir, "items.json"),
      "--summary-file",
      join(dir, "summary.txt"),
      "--max-user-tokens",
      "300",
      "--pin",
      "skill:deploy",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/#2 +dropped +2 tokens +"old task"\n/);
    expect(r.stdout).toMatch(/#3 +truncated +1,203 → 297 tokens, head 594 B … tail 594 B "START lorem/);
    expect(r.stdout).toMatch(/#8 +kept +3 tokens +"newest task"\n/);
    expect(r.stdout).toMatch(/dropped +1 function_call, 1 function_call_output\n/);
    expect(r.stdout).toContain("pinned blocks    items 5\n");
    expect(r.stdout).toContain("ghost snapshots  1 kept at items 6\n");
    const json = JSON.parse(
      (
        await cli([
          "compact",
          join(dir, "items.json"),
          "--json",
          "--summary-file",
          join(dir, "summary.txt"),
          "--max-user-tokens",
          "300",
        ])
      ).stdout,
    );
    expect(json.history[0].content[0].text).toMatch(/^START lorem .*…\d+ tokens truncated….* END$/s);
    expect(json.history.at(-2).content[0].text).toMatch(/\nWe did X\.$/);
  });

  it("takes --window and --limit as hidden aliases of --context-window and --auto-compact-limit", async () => {
    const log = T("codex-0.171-mid-turn-tool-calls.jsonl");
    const threshold = async (flags: string[]) =>
      JSON.parse((await cli(["compact", log, "--json", ...flags])).stdout).threshold;
    expect(await threshold(["--window", "1000", "--limit", "500"])).toEqual(
      await threshold(["--context-window", "1000", "--auto-compact-limit", "500"]),
    );
    expect(await threshold(["--window", "1000", "--limit", "500"])).toMatchObject({
      limit: 500,
      contextWindow: 1000,
      windowSource: "option",
    });
    expect((await cli(["compact", "--help"])).stdout).not.toMatch(/--window|--limit/);
  });

  it("exits 1 and lists diagnostics when the log has malformed lines", async () => {
    const r = await cli(["compact", T("malformed-lines.jsonl")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("line 3 is not valid JSON");
    expect(r.stdout).toContain("session/truncated-line");
  });

  it.each([
    [["compact", "fixtures/transcripts/missing.jsonl"], "promptc compact: cannot read"],
    [["compact", T("request-body.json"), "--strategy", "gemini"], "promptc compact: unknown strategy 'gemini'"],
    [
      ["compact", T("request-body.json"), "--context-window", "lots"],
      "promptc compact: --context-window expects a whole number of tokens, got 'lots'",
    ],
    [
      ["compact", T("request-body.json"), "--auto-compact-limit", "-1"],
      "promptc compact: --auto-compact-limit expects a whole number of tokens, got '-1'",
    ],
    [["compact", T("request-body.json"), "--pin", "everything"], "promptc compact: cannot pin 'everything'"],
    [
      ["compact", T("request-body.json"), "--summary", "a", "--summary-file", "b"],
      "promptc compact: give either --summary or --summary-file, not both",
    ],
    [["compact", T("request-body.json"), "--summary-file", "nope.txt"], "promptc compact: cannot read "],
    [["compact", T("request-body.json"), "--config", "nope.toml"], "promptc compact: cannot read "],
    [["compact", T("request-body.json"), "--profile", "gemini"], "promptc compact: unknown profile 'gemini'"],
    [["compact", T("request-body.json"), "--estimate", "words"], "promptc compact: unknown estimate method 'words'"],
    [
      ["compact", "README.md"],
      "promptc compact: " + join(ROOT, "README.md") + " is not a session log (no record in it could be read)",
    ],
  ])("exits 2 with a one-line reason for %j", async (argv, message) => {
    const r = await cli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr.startsWith(message)).toBe(true);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});
