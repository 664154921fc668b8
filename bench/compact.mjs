// Compaction benchmark: a generated 100,000-item history (~200 MB of JSON). Times parseSessionLog and each
// compaction strategy as ratios to JSON.parse of the same file, measured in the same process; reports peak RSS.
// Run after `npm run build`: `node bench/compact.mjs [--items N] [--json]`. Never fails on speed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const ITEMS = Number(arg("--items", 100_000));
const JSON_OUT = process.argv.includes("--json");

// Seeded PRNG so every run compacts the same history.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generate(n) {
  const rand = prng(42);
  const words = ["build", "test", "file", "error", "const", "return", "src/index.ts", "päckage", "数据", "→"];
  const text = (len) => {
    let s = "";
    while (s.length < len) s += words[Math.floor(rand() * words.length)] + " ";
    return s;
  };
  const items = [
    {
      type: "message",
      role: "developer",
      content: [{ type: "input_text", text: "<permissions instructions>\nbench\n</permissions instructions>" }],
    },
    {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "<environment_context>\n  <cwd>/bench</cwd>\n</environment_context>" }],
    },
  ];
  let call = 0;
  while (items.length < n) {
    const r = rand();
    if (r < 0.08)
      items.push({ type: "message", role: "user", content: [{ type: "input_text", text: text(200 + rand() * 3000) }] });
    else if (r < 0.16)
      items.push({
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: text(100 + rand() * 1500) }],
      });
    else if (r < 0.24)
      items.push({ type: "reasoning", summary: [], encrypted_content: "E".repeat(400 + Math.floor(rand() * 2000)) });
    else if (r < 0.25)
      items.push({
        type: "ghost_snapshot",
        ghost_commit: {
          id: `g${items.length}`,
          parent: null,
          preexisting_untracked_files: [],
          preexisting_untracked_dirs: [],
        },
      });
    else {
      const id = `call_${call++}`;
      items.push({
        type: "function_call",
        name: "exec_command",
        arguments: JSON.stringify({ cmd: text(40) }),
        call_id: id,
      });
      items.push({ type: "function_call_output", call_id: id, output: text(500 + rand() * 6500) });
    }
  }
  return items.slice(0, n - (items[n - 1]?.type === "function_call" ? 1 : 0));
}

const CHILD = `
import { readFileSync } from "node:fs";
const [file, dist] = process.argv.slice(1);
const { parseSessionLog } = await import(dist + "/session-log/parse-rollout.js");
const { compactHistory } = await import(dist + "/compact/compact-history.js");
const text = readFileSync(file, "utf8");
const time = (f) => { const t = performance.now(); const v = f(); return [performance.now() - t, v]; };
const [jsonParse] = time(() => JSON.parse(text));
const [parse, parsed] = time(() => parseSessionLog(text));
const history = parsed.value.history;
const out = { items: history.length, jsonParseMs: jsonParse, parseSessionLogMs: parse };
for (const strategy of ["codex-local", "codex-remote", "pi"]) {
  const [ms, r] = time(() => compactHistory({ strategy, history, summaryPrefix: "P", summaryReply: "S", contextWindow: 258400 }));
  out[strategy + "Ms"] = ms;
  out[strategy + "Items"] = r.history.length;
}
// The remote path estimates the whole history; the March-2026 "json" estimate serialises every item again.
out["codex-remote-json-estimateMs"] = time(() => compactHistory({ strategy: "codex-remote", history, summaryPrefix: "P", summaryReply: "S", contextWindow: 258400, method: "json" }))[0];
out.peakRssMiB = process.resourceUsage().maxRSS / 1024;
console.log(JSON.stringify(out));
`;

const dir = mkdtempSync(join(tmpdir(), "promptc-bench-compact-"));
try {
  const file = join(dir, "history.json");
  const json = JSON.stringify(generate(ITEMS));
  writeFileSync(file, json);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(
      process.execPath,
      [
        "--max-old-space-size=8192",
        "--input-type=module",
        "-e",
        CHILD,
        file,
        process.env.BENCH_DIST ?? join(ROOT, "dist"),
      ],
      { encoding: "utf8", maxBuffer: 1 << 20 },
    );
    if (r.status !== 0) throw new Error(r.stderr.slice(0, 2000));
    runs.push(JSON.parse(r.stdout.trim().split("\n").pop()));
  }
  const median = (k) => [...runs.map((r) => r[k])].sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  const base = median("jsonParseMs");
  const result = {
    items: runs[0].items,
    fileMiB: +(Buffer.byteLength(json) / 2 ** 20).toFixed(1),
    jsonParseMs: +base.toFixed(0),
    ratios: Object.fromEntries(
      ["parseSessionLogMs", "codex-localMs", "codex-remoteMs", "codex-remote-json-estimateMs", "piMs"].map((k) => [
        k.replace(/Ms$/, ""),
        +(median(k) / base).toFixed(3),
      ]),
    ),
    peakRssMiB: +median("peakRssMiB").toFixed(0),
  };
  if (JSON_OUT) console.log(JSON.stringify(result));
  else {
    console.log(
      `compaction of ${result.items.toLocaleString("en-US")} items (${result.fileMiB} MiB JSON); JSON.parse = ${result.jsonParseMs} ms (median of ${RUNS})`,
    );
    for (const [k, v] of Object.entries(result.ratios)) console.log(`  ${k.padEnd(28)} ${v.toFixed(3)}× JSON.parse`);
    console.log(`  peak RSS         ${result.peakRssMiB} MiB (whole process: file text + parsed copies)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
