// Token-counter benchmark: promptc's counter (dist/tokens) against plain js-tiktoken measured in the same run,
// printed as ratios. Run after `npm run build`: `node bench/tokens.mjs [--quick] [--json]`. Never fails on speed.
// Each figure comes from fresh `node` processes (median of BENCH_RUNS, default 5) unless marked "warm".
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_ENV } from "./node-start-env.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const QUICK = process.argv.includes("--quick");
const JSON_OUT = process.argv.includes("--json");
const OURS = process.env.BENCH_TOKENS_MODULE ?? join(ROOT, "dist", "tokens", "index.js");
const CACHE_MODULE = join(dirname(OURS), "..", "host", "token-cache.js");
const SHARED_CORPUS = join(ROOT, "..", "shared", "corpus");
const CORPUS = existsSync(SHARED_CORPUS) ? SHARED_CORPUS : join(ROOT, "src");
/** Plain js-tiktoken is quadratic on long runs: 16 KiB of "a" takes ~17 s, so it gets a time limit. */
const BASELINE_TIME_LIMIT_MS = QUICK ? 5_000 : 60_000;

// Child programs. Each prints one JSON line; `performance.now()` counts from the child's process start.
const PRELUDE = `
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
const engine = process.argv[1];
async function load(encoding) {
  if (engine === "ours") {
    const m = await import(${JSON.stringify(OURS)});
    return (text) => m.countTokens(text, encoding);
  }
  const { Tiktoken } = await import("js-tiktoken/lite");
  const ranks = (await import("js-tiktoken/ranks/" + encoding)).default;
  const enc = new Tiktoken(ranks);
  return (text) => enc.encode(text, [], []).length;
}
function corpus(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === "data" ? [] : corpus(full);
    return e.isFile() ? [readFileSync(full, "utf8")] : [];
  });
}
`;

const PROGRAMS = {
  nodeOnly: `console.log(JSON.stringify({ firstCountMs: performance.now() }));`,
  coldStart: `${PRELUDE}
const count = await load(process.argv[2]);
const n = count("Hello, world! <|endoftext|>");
console.log(JSON.stringify({ firstCountMs: performance.now(), n, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));`,
  diskCache: `${PRELUDE}
const texts = corpus(process.argv[1]);
const t = performance.now();
const { openDefaultTokenCache } = await import(${JSON.stringify(CACHE_MODULE)});
const { createTokenCounter } = await import(${JSON.stringify(OURS)});
const cache = openDefaultTokenCache({ XDG_CACHE_HOME: process.argv[2] }, undefined);
const counter = createTokenCounter({ cache });
let tokens = 0;
for (const text of texts) tokens += counter.count(text);
cache.flush();
const s = counter.stats();
console.log(JSON.stringify({ ms: performance.now() - t, tokens, counted: s.counted, cacheHits: s.cacheHits, loaded: s.encodingsLoaded.length }));`,
  throughput: `${PRELUDE}
const count = await load(process.argv[2]);
count("warm up");
const texts = corpus(process.argv[3]);
const bytes = texts.reduce((s, t) => s + Buffer.byteLength(t), 0);
let t = performance.now(); let tokens = 0;
for (const text of texts) tokens += count(text);
const pass1 = performance.now() - t;
// Fresh copies so that no string-keyed memo can answer; the piece memo of "ours" stays warm.
const copies = texts.map((s) => (" " + s).slice(1));
t = performance.now();
for (const text of copies) count(text + "\\n");
const warm = performance.now() - t;
console.log(JSON.stringify({ bytes, tokens, docs: texts.length, pass1Ms: pass1, warmMs: warm }));`,
  run: `${PRELUDE}
const count = await load(process.argv[2]);
count("warm up");
const text = process.argv[3].repeat(Number(process.argv[4]));
const t = performance.now();
const n = count(text);
console.log(JSON.stringify({ ms: performance.now() - t, n }));`,
};

function child(program, args, timeoutMs = 600_000) {
  const t = performance.now();
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", PROGRAMS[program], ...args], {
    cwd: ROOT,
    env: BENCH_ENV,
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 1 << 20,
  });
  const wallMs = performance.now() - t;
  if (r.error?.code === "ETIMEDOUT" || r.signal === "SIGTERM") return { timedOut: true, wallMs };
  if (r.status !== 0) throw new Error(`${program} ${args.join(" ")} failed: ${r.stderr.slice(0, 600)}`);
  return { ...JSON.parse(r.stdout.trim().split("\n").pop()), wallMs };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function medianOf(program, args, keys, runs = RUNS, timeoutMs) {
  const results = Array.from({ length: runs }, () => child(program, args, timeoutMs));
  if (results.some((r) => r.timedOut)) return { timedOut: true };
  return Object.fromEntries(keys.map((k) => [k, median(results.map((r) => r[k]))]).concat([["sample", results[0]]]));
}

if (!existsSync(OURS)) {
  console.error("bench/tokens: dist/tokens/index.js is missing; run `npm run build` first");
  process.exit(2);
}

const report = { runs: RUNS, corpus: CORPUS, cold: {}, throughput: {}, runsPathological: {} };
const fmt = (x, d = 0) => (x === undefined ? "—" : x.toFixed(d));
const ratio = (a, b) => (a === undefined || b === undefined ? "—" : `${(a / b).toFixed(2)}×`);

// 1. Cold start: process start → first count returned, and spawn → exit.
child("nodeOnly", []); // warm the file cache
const node = medianOf("nodeOnly", [], ["firstCountMs", "wallMs"]);
report.cold.node = node;
console.log(`\nCold start (median of ${RUNS} fresh processes; "added" = minus a bare node process)`);
console.log(
  `${"".padEnd(28)} ${"first count ms".padStart(14)} ${"added ms".padStart(9)} ${"spawn→exit ms".padStart(14)} ${"vs js-tiktoken".padStart(15)} ${"peak RSS MiB".padStart(13)}`,
);
console.log(
  `${"node (no tokenizer)".padEnd(28)} ${fmt(node.firstCountMs, 1).padStart(14)} ${"".padStart(9)} ${fmt(node.wallMs, 1).padStart(14)}`,
);
const coldKeys = ["firstCountMs", "wallMs", "maxRssMiB"];
for (const encoding of ["o200k_base", "cl100k_base"]) {
  const rows = {};
  for (const engine of ["js-tiktoken", "ours"]) {
    child("coldStart", [engine, encoding]);
    rows[engine] = medianOf("coldStart", [engine, encoding], coldKeys);
  }
  report.cold[encoding] = rows;
  for (const engine of ["js-tiktoken", "ours"]) {
    const r = rows[engine];
    const added = r.firstCountMs - node.firstCountMs;
    const vs =
      engine === "ours"
        ? ratio(r.firstCountMs - node.firstCountMs, rows["js-tiktoken"].firstCountMs - node.firstCountMs)
        : "1.00×";
    console.log(
      `${`${engine} ${encoding}`.padEnd(28)} ${fmt(r.firstCountMs, 1).padStart(14)} ${fmt(added, 1).padStart(9)} ${fmt(r.wallMs, 1).padStart(14)} ${vs.padStart(15)} ${fmt(r.maxRssMiB).padStart(13)}`,
    );
  }
}

// 2. Throughput on the corpus: first pass in a fresh process, then a warm pass over fresh string copies.
console.log(`\nThroughput on ${CORPUS} (median of ${Math.min(RUNS, 3)} processes)`);
for (const encoding of ["o200k_base", "cl100k_base"]) {
  const rows = {};
  for (const engine of ["js-tiktoken", "ours"]) {
    const r = medianOf("throughput", [engine, encoding, CORPUS], ["pass1Ms", "warmMs"], Math.min(RUNS, 3));
    const { bytes, tokens, docs } = r.sample;
    rows[engine] = {
      bytes,
      tokens,
      docs,
      pass1MBs: bytes / 1e6 / (r.pass1Ms / 1e3),
      warmMBs: bytes / 1e6 / (r.warmMs / 1e3),
    };
  }
  report.throughput[encoding] = rows;
  const [j, o] = [rows["js-tiktoken"], rows.ours];
  const same = j.tokens === o.tokens ? "same tokens" : `TOKEN MISMATCH ${j.tokens} vs ${o.tokens}`;
  console.log(`${encoding}: ${o.docs} docs, ${(o.bytes / 1e6).toFixed(2)} MB, ${same}`);
  console.log(
    `  pass 1: js-tiktoken ${fmt(j.pass1MBs, 2)} MB/s, ours ${fmt(o.pass1MBs, 2)} MB/s (${ratio(o.pass1MBs, j.pass1MBs)})`,
  );
  console.log(
    `  warm:   js-tiktoken ${fmt(j.warmMBs, 2)} MB/s, ours ${fmt(o.warmMBs, 2)} MB/s (${ratio(o.warmMBs, j.warmMBs)})`,
  );
}

// 3. Pathological runs of one character (o200k_base): one count call in a fresh process.
console.log(
  `\nSingle-character runs, o200k_base (one count call; js-tiktoken limited to ${BASELINE_TIME_LIMIT_MS / 1000} s)`,
);
const KiB = 1024;
const cases = [
  ["16 KiB of 'a'", "a", 16 * KiB, true],
  ["1 MiB of 'a'", "a", 1024 * KiB, false],
  ["1 MiB of ' '", " ", 1024 * KiB, false],
  ["1 MiB of '\\n'", "\n", 1024 * KiB, false],
  ["1 MiB of '='", "=", 1024 * KiB, false],
  ["1 MiB of '的'", "的", 1024 * KiB, false],
];
for (const [label, char, bytes, withBaseline] of cases) {
  const repeat = Math.floor(bytes / Buffer.byteLength(char));
  const ours = medianOf("run", ["ours", "o200k_base", char, String(repeat)], ["ms", "n"], Math.min(RUNS, 3));
  let base = { timedOut: true };
  if (withBaseline)
    base = medianOf("run", ["js-tiktoken", "o200k_base", char, String(repeat)], ["ms", "n"], 1, BASELINE_TIME_LIMIT_MS);
  report.runsPathological[label] = { ours, jsTiktoken: base };
  const baseText = withBaseline
    ? base.timedOut
      ? `js-tiktoken > ${BASELINE_TIME_LIMIT_MS} ms`
      : `js-tiktoken ${fmt(base.ms)} ms (${ratio(base.ms, ours.ms)} slower)`
    : "js-tiktoken not run (hours)";
  console.log(`  ${label.padEnd(16)} ours ${fmt(ours.ms).padStart(5)} ms, ${ours.n} tokens; ${baseText}`);
}

// 4. Persistent cache: the corpus counted by a fresh process with an empty cache, then with every count cached.
if (existsSync(CACHE_MODULE)) {
  const dir = mkdtempSync(join(tmpdir(), "promptc-token-cache-bench-"));
  try {
    const miss = child("diskCache", [CORPUS, dir]);
    const hits = medianOf("diskCache", [CORPUS, dir], ["ms", "wallMs"], Math.min(RUNS, 3));
    rmSync(join(dir, "promptc"), { recursive: true, force: true });
    report.diskCache = { miss, hits };
    console.log(`\nDisk cache, o200k_base, whole corpus in a fresh process (read time excluded)`);
    console.log(
      `  empty cache: ${fmt(miss.ms)} ms (${miss.counted} texts tokenized); all hits: ${fmt(hits.ms)} ms (${hits.sample.cacheHits} hits, ${hits.sample.loaded} encodings loaded) → ${ratio(miss.ms, hits.ms)} faster`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (JSON_OUT) console.log(JSON.stringify(report));
