// Conformance: `promptc sessions` on the real agents' own logs. Codex CLI 0.171.0 runs three turns (the last
// resumed with -m onto a model of another compaction family) and Claude Code 2.1.332 two, against a loopback model
// that reports cached tokens as a prefix cache would; the report must give each request's cached tokens in the
// order the server answered, Codex's totals equal to the rollout's own final total_token_usage, no miss on the
// plain second turn and a cause naming the compaction or the model switch on the two requests after it, Claude
// Code's totals equal to ccusage's on the same files, both sessions in the listing, and an HTML page with SVG
// charts and no external reference.
import { spawn } from "node:child_process";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionReport } from "../../src/report/session-report.js";
import { skipBecause } from "../skip-because.js";
import { cli, codexExec, findRollout } from "./codex-exec.js";
import { findAgent } from "./find-agent.js";
import { type AnsweredUsage, startPrefixCacheServer } from "./prefix-cache-server.js";
import { stubProviderToml } from "./responses-stub.js";

const codex = findAgent("codex");
const claude = findAgent("claude-code");

interface Run {
  root: string;
  file: string;
  answered: AnsweredUsage[];
  report: SessionReport;
}

async function report(file: string, root: string): Promise<SessionReport> {
  const r = await cli(["sessions", file, "--json"], { HOME: root }, root);
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout) as SessionReport;
}

async function runCodex(bin: string): Promise<Run> {
  const root = mkdtempSync(join(tmpdir(), "promptc-sessions-codex-"));
  const home = join(root, ".codex");
  const cwd = join(root, "work");
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd);
  writeFileSync(join(cwd, "AGENTS.md"), "# Rules\nKeep it short.\n");
  const server = await startPrefixCacheServer();
  try {
    writeFileSync(
      join(home, "config.toml"),
      `model = "gpt-5.5"\nmodel_provider = "stub"\n${stubProviderToml(`${server.origin}/v1`)}`,
    );
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: root, CODEX_HOME: home, STUB_KEY: "x" };
    await codexExec(bin, cwd, env, ["first task"]);
    await codexExec(bin, cwd, env, ["resume", "--last", "second task"]);
    // gpt-6.2-sol is of another compaction family than gpt-5.5: Codex compacts before the turn.
    await codexExec(bin, cwd, env, ["resume", "--last", "-m", "gpt-6.2-sol", "third task"]);
    const file = findRollout(join(home, "sessions"))!;
    return { root, file, answered: [...server.answered], report: await report(file, root) };
  } finally {
    await server.close();
  }
}

function runClaudeTurn(bin: string, cwd: string, env: { [k: string]: string }, args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd, env, stdio: ["ignore", "ignore", "ignore"] });
    child.on("close", resolve);
  });
}

async function runClaude(bin: string, root: string): Promise<Run> {
  const cwd = join(root, "app");
  mkdirSync(cwd);
  writeFileSync(join(cwd, "CLAUDE.md"), "# Rules\n");
  const server = await startPrefixCacheServer();
  try {
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: root,
      TERM: "dumb",
      ANTHROPIC_BASE_URL: server.origin,
      ANTHROPIC_API_KEY: "dummy",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
    };
    expect(await runClaudeTurn(bin, cwd, env, ["-p", "first task"])).toBe(0);
    expect(await runClaudeTurn(bin, cwd, env, ["-c", "-p", "second task"])).toBe(0);
    const file = findClaudeFile(join(root, ".claude", "projects"));
    return { root, file, answered: [...server.answered], report: await report(file, root) };
  } finally {
    await server.close();
  }
}

function findClaudeFile(dir: string): string {
  const out = execFileSync("find", [dir, "-name", "*.jsonl"], { encoding: "utf8" }).trim().split("\n");
  expect(out).toHaveLength(1);
  return out[0]!;
}

/** The last `total_token_usage` Codex wrote into the rollout. */
function rolloutTotal(file: string) {
  let total: { [k: string]: number } | undefined;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"token_count"')) continue;
    const t = JSON.parse(line).payload?.info?.total_token_usage;
    if (t) total = t;
  }
  return total!;
}

describe.skipIf(skipBecause("conformance sessions (codex)", "skip" in codex ? codex.skip : undefined))(
  "promptc sessions on a real Codex CLI rollout",
  () => {
    let run: Run;
    beforeAll(async () => {
      run = await runCodex((codex as { bin: string }).bin);
    }, 600_000);

    it("gives every request's cached tokens in the order the server answered them, the summariser's included", () => {
      expect(run.report.requests.map((r) => [r.input, r.cached, r.output])).toEqual(
        run.answered.map((a) => [a.input, a.cached, a.output]),
      );
      expect(run.report.requests.map((r) => r.kind)).toEqual(["turn", "turn", "compaction", "turn"]);
    });

    it("totals equal the rollout's own final total_token_usage", () => {
      const t = rolloutTotal(run.file);
      expect([run.report.totals.input, run.report.totals.cached, run.report.totals.output]).toEqual([
        t.input_tokens,
        t.cached_input_tokens,
        t.output_tokens,
      ]);
    });

    it("finds no miss on the plain second turn and names the compaction or model switch on the two after it", () => {
      const [, second, summariser, third] = run.report.requests;
      expect(second!.miss).toBeUndefined();
      expect(summariser!.miss?.cause.kind).toBe("compaction");
      expect(summariser!.miss?.cause.message).toMatch(/compaction.*gpt-6\.2-sol/);
      expect(third!.miss?.cause.kind).toBe("compaction");
      expect(third!.miss?.cause.message).toMatch(
        /compaction rewrote the history.*model switched gpt-5\.5 → gpt-6\.2-sol/,
      );
      expect(run.report.compactions).toHaveLength(1);
    });

    it("writes an HTML page with SVG charts and no external reference", async () => {
      const html = join(run.root, "report.html");
      const r = await cli(["sessions", run.file, "--html", html], { HOME: run.root }, run.root);
      expect(r.code).toBe(0);
      const page = readFileSync(html, "utf8");
      expect(page).toMatch(/<svg [^>]*id="tokens"/);
      expect(page).not.toMatch(/<script|<link|<img|src=|href=|url\(|@import/i);
    });
  },
);

describe.skipIf(skipBecause("conformance sessions (claude code)", "skip" in claude ? claude.skip : undefined))(
  "promptc sessions on a real Claude Code session, and the listing of both",
  () => {
    let run: Run;
    beforeAll(async () => {
      const root = mkdtempSync(join(tmpdir(), "promptc-sessions-claude-"));
      run = await runClaude((claude as { bin: string }).bin, root);
    }, 600_000);

    it("gives every request's cache reads and writes as the server answered them", () => {
      expect(run.report.requests.map((r) => [r.input, r.cached, r.cacheWrite])).toEqual(
        run.answered.map((a) => [a.input, a.cached, a.cacheWrite]),
      );
    });

    it("totals equal ccusage's for the same files", (ctx) => {
      const found = findAgent("ccusage");
      if (skipBecause("ccusage comparison", "skip" in found ? found.skip : undefined)) return ctx.skip();
      const out = execFileSync((found as { bin: string }).bin, ["session", "--json", "--offline"], {
        encoding: "utf8",
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: run.root,
          CLAUDE_CONFIG_DIR: join(run.root, ".claude"),
        },
      });
      const t = JSON.parse(out).totals;
      const ours = run.report.totals;
      expect([ours.input, ours.output, ours.cacheWrite, ours.cached]).toEqual([
        t.inputTokens,
        t.outputTokens,
        t.cacheCreationTokens,
        t.cacheReadTokens,
      ]);
    });

    it("lists the Claude Code session and a Codex session in the same homes, newest first", async (ctx) => {
      if (skipBecause("listing with a Codex session", "skip" in codex ? codex.skip : undefined)) return ctx.skip();
      const cx = await runCodex((codex as { bin: string }).bin);
      const r = await cli(
        ["sessions", "--home", run.root, "--codex-home", join(cx.root, ".codex"), "--json"],
        { HOME: run.root },
        run.root,
      );
      expect(r.code).toBe(0);
      const sessions = (JSON.parse(r.stdout) as { sessions: { agent: string; modified: string }[] }).sessions;
      expect(sessions.map((s) => s.agent)).toEqual(["codex", "claude-code"]);
    }, 600_000);
  },
);
