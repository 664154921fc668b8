// `npm run bench:sessions`: `promptc sessions` (the listing, --json) over a home of many real-sized logs — Codex
// rollouts and Claude Code session files shaped like the agents' own (tool calls and results of a few KB, a usage
// record per request, Claude Code's api-request records), plus one gigabyte rollout — timed against `wc -c` of the
// same files (the baseline: reading every byte once), and its peak memory against that gigabyte file's size.
// Runs after `npm run build` (dist/). Prints numbers; never fails on speed (machines are shared and noisy).
import { spawnSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_ENV } from "./node-start-env.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = join(ROOT, "dist", "bin.js");
const FILES = Number(process.env.BENCH_FILES ?? 40);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 8);
const BIG_MB = Number(process.env.BENCH_BIG_MB ?? 1024);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const line = (o) => `${JSON.stringify(o)}\n`;
const pad = (n) => "x".repeat(n);

/** Writes records from `next(i)` until the file reaches `bytes`. */
function writeLog(path, bytes, head, next) {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, "w");
  let size = 0;
  const put = (s) => {
    writeSync(fd, s);
    size += Buffer.byteLength(s);
  };
  for (const r of head) put(line(r));
  for (let i = 0; size < bytes; i++) put(next(i));
  closeSync(fd);
}

function codexTurn(i) {
  const at = new Date(Date.UTC(2026, 0, 1, 10, 0, i)).toISOString();
  const r = (type, payload) => line({ timestamp: at, type, payload });
  return (
    r("turn_context", { model: "gpt-5.5", cwd: "/w" }) +
    r("response_item", {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: `task ${i} ${pad(600)}` }],
    }) +
    r("response_item", {
      type: "function_call",
      name: "exec_command",
      arguments: JSON.stringify({ cmd: `ls ${i}` }),
      call_id: `c${i}`,
    }) +
    r("response_item", { type: "function_call_output", call_id: `c${i}`, output: pad(3500) }) +
    r("response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: pad(400) }] }) +
    r("token_usage_record", {
      response_id: `r${i}`,
      usage: { input_tokens: 9000 + i * 1200, cached_input_tokens: 8000 + i * 1200, output_tokens: 120 },
    }) +
    r("event_msg", {
      type: "token_count",
      info: { total_token_usage: { input_tokens: i, cached_input_tokens: i, output_tokens: i }, last_token_usage: {} },
    })
  );
}

function claudeTurn(i) {
  const at = new Date(Date.UTC(2026, 0, 1, 10, 0, i)).toISOString();
  const base = { sessionId: "c-1", cwd: "/w", timestamp: at };
  const tail = Array.from(
    { length: Math.min(2 * i + 2, 400) },
    (_, k) => `${String(k).padStart(8, "0")}${"ab".repeat(28)}`,
  );
  return (
    line({
      ...base,
      type: "user",
      uuid: `u${i}`,
      parentUuid: `a${i - 1}`,
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: `t${i}`, content: pad(3500) }] },
    }) +
    line({
      type: "api-request",
      sessionId: "c-1",
      id: `q${i}`,
      timestamp: at,
      shapeHash: "s",
      params: { model: "claude-x" },
      tail,
    }) +
    line({
      ...base,
      type: "assistant",
      uuid: `a${i}`,
      parentUuid: `u${i}`,
      requestId: `req${i}`,
      requestRef: `q${i}`,
      message: {
        id: `m${i}`,
        role: "assistant",
        model: "claude-x",
        content: [{ type: "tool_use", id: `t${i + 1}`, name: "Read", input: { file_path: pad(80) } }],
        usage: {
          input_tokens: 3,
          cache_read_input_tokens: 9000 + i * 900,
          cache_creation_input_tokens: 900,
          output_tokens: 80,
        },
      },
    })
  );
}

function measureOnce(argv) {
  const start = performance.now();
  const r = spawnSync("/usr/bin/time", ["-f", "%M", ...argv], {
    env: BENCH_ENV,
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  const wall = (performance.now() - start) / 1000;
  const rss = Number(r.stderr.trim().split("\n").pop());
  if (r.status !== 0) throw new Error(`${argv.join(" ")} failed (${r.status}): ${r.stderr.slice(0, 400)}`);
  return { wall, rssKiB: rss, stdout: r.stdout };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const home = mkdtempSync(join(tmpdir(), "promptc-bench-sessions-"));
try {
  const files = [];
  for (let f = 0; f < FILES; f++) {
    const codex = f % 2 === 0;
    const path = codex
      ? join(home, ".codex", "sessions", "2026", "01", "01", `rollout-2026-01-01T10-00-00-${f}.jsonl`)
      : join(home, ".claude", "projects", "-w", `c-${f}.jsonl`);
    const head = codex
      ? [{ timestamp: "2026-01-01T10:00:00Z", type: "session_meta", payload: { id: `cx-${f}`, cwd: "/w" } }]
      : [
          {
            type: "user",
            uuid: "a-1",
            parentUuid: null,
            sessionId: `c-${f}`,
            message: { role: "user", content: "go" },
          },
        ];
    writeLog(path, FILE_MB * 1024 * 1024, head, codex ? codexTurn : claudeTurn);
    files.push(path);
  }
  const big = join(home, ".codex", "sessions", "2026", "01", "02", "rollout-2026-01-02T10-00-00-big.jsonl");
  if (BIG_MB > 0) {
    writeLog(
      big,
      BIG_MB * 1024 * 1024,
      [{ timestamp: "2026-01-02T10:00:00Z", type: "session_meta", payload: { id: "big" } }],
      codexTurn,
    );
    files.push(big);
  }
  const bytes = files.reduce((n, p) => n + statSync(p).size, 0);
  const sessions = [process.execPath, BIN, "sessions", "--home", home, "--json"];
  const wc = ["wc", "-c", ...files];
  // GNU wc -c may answer from the file size alone; piping the bytes through makes it read every one.
  const wcBytes = ["sh", "-c", 'cat "$@" | wc -c', "sh", ...files];
  const a = [];
  const b = [];
  const c = [];
  let rss = 0;
  let listed = 0;
  for (let i = 0; i < RUNS; i++) {
    const s = measureOnce(sessions);
    a.push(s.wall);
    rss = Math.max(rss, s.rssKiB);
    listed = JSON.parse(s.stdout).sessions.length;
    b.push(measureOnce(wc).wall);
    c.push(measureOnce(wcBytes).wall);
  }
  const [ts, tw, tc] = [median(a), median(b), median(c)];
  const mb = bytes / 1024 / 1024;
  console.log(
    `home: ${files.length} logs, ${mb.toFixed(0)} MiB (${FILES} of ${FILE_MB} MiB, one of ${BIG_MB} MiB); ${listed} sessions listed`,
  );
  console.log(
    `promptc sessions --home … --json: ${ts.toFixed(2)} s (${(mb / ts).toFixed(0)} MiB/s), peak RSS ${(rss / 1024).toFixed(0)} MiB`,
  );
  console.log(`baseline wc -c FILES: ${tw.toFixed(3)} s; cat FILES | wc -c (every byte read): ${tc.toFixed(2)} s`);
  console.log(
    `ratio sessions / (cat FILES | wc -c): ${(ts / tc).toFixed(1)}x; sessions / wc -c: ${(ts / Math.max(tw, 1e-3)).toFixed(0)}x`,
  );
  console.log(`peak RSS / largest log: ${(rss / 1024 / Math.max(BIG_MB, FILE_MB)).toFixed(2)}`);
} finally {
  rmSync(home, { recursive: true, force: true });
}
