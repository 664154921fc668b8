// `npm run bench`: whole-process medians of `promptc preview` on a small and a large workspace, printed as
// ratios to `node -e 0` and, when the Codex CLI is present, to `codex debug prompt-input` on the same input.
// Runs after `npm run build` (dist/). Prints numbers; never fails on speed (machines are shared and noisy).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BIN = join(ROOT, "dist", "bin.js");

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Wall seconds (timed here, to the microsecond: GNU time's %e has 10 ms steps) and peak RSS (KiB, GNU time's
 * %M) of one process. Both sides of a ratio pay the same small cost of starting /usr/bin/time.
 */
function measureOnce({ argv, env = {}, cwd = ROOT }) {
  const start = performance.now();
  const r = spawnSync("/usr/bin/time", ["-f", "%e %M", ...argv], {
    env: { ...process.env, ...env },
    cwd,
    encoding: "utf8",
  });
  const wall = (performance.now() - start) / 1000;
  const line = r.stderr.trim().split("\n").pop() ?? "";
  const rss = Number(line.split(" ")[1]);
  if (r.status !== 0 || !Number.isFinite(rss))
    throw new Error(`${argv.join(" ")} failed (${r.status}): ${r.stderr.slice(0, 400)}`);
  return { wall, rssKiB: rss };
}

/**
 * Medians of RUNS runs of each command, interleaved (a, b, a, b, …): on a shared, noisy machine a load spike
 * then hits both sides of a ratio instead of one.
 */
function measureInterleaved(commands) {
  for (const c of commands) measureOnce(c); // warm the file cache
  const runs = commands.map(() => []);
  for (let i = 0; i < RUNS; i++) commands.forEach((c, k) => runs[k].push(measureOnce(c)));
  return runs.map((rs) => ({ wall: median(rs.map((r) => r.wall)), rssMiB: median(rs.map((r) => r.rssKiB)) / 1024 }));
}

/** The Codex CLI to compare with: `CODEX_BIN`, else `codex` on PATH (as a user has it). */
function codexBin() {
  if (process.env.CODEX_BIN) return existsSync(process.env.CODEX_BIN) ? process.env.CODEX_BIN : undefined;
  return (process.env.PATH ?? "")
    .split(":")
    .filter((dir) => dir !== "")
    .map((dir) => join(dir, "codex"))
    .find((c) => existsSync(c));
}

function row(name, m, base, codex) {
  const ratios = [`${(m.wall / base.wall).toFixed(2)}× node`];
  if (codex)
    ratios.push(
      `${(m.wall / codex.wall).toFixed(2)}× codex wall`,
      `${(m.rssMiB / codex.rssMiB).toFixed(2)}× codex memory`,
    );
  console.log(
    `${name.padEnd(34)} ${m.wall.toFixed(3)} s  ${m.rssMiB.toFixed(1).padStart(6)} MiB   ${ratios.join(", ")}`,
  );
}

if (!existsSync(BIN)) {
  console.error("bench: dist/bin.js is missing; run `npm run build` first");
  process.exit(2);
}
const scratch = mkdtempSync(join(tmpdir(), "promptc-bench-"));
try {
  const gen = spawnSync(
    process.execPath,
    [join(ROOT, "fixtures", "generate-large-workspace.mjs"), join(scratch, "large")],
    { encoding: "utf8" },
  );
  if (gen.status !== 0) throw new Error(`generate-large-workspace failed: ${gen.stderr}`);
  const large = JSON.parse(gen.stdout);
  const smallCwd = join(ROOT, "fixtures", "workspaces", "basic");
  const smallHome = join(smallCwd, ".codex-home");
  const workspaces = [
    ["small (fixtures/workspaces/basic)", smallCwd, smallHome],
    ["large (depth 12, 300 skills)", large.cwd, large.codexHome],
  ];
  const fixed = ["--date", "2026-11-29", "--timezone", "Etc/UTC", "--shell", "bash"];
  console.log(`promptc bench: medians of ${RUNS} whole-process runs, interleaved (wall seconds, peak RSS)\n`);
  const nodeBaseline = { argv: [process.execPath, "-e", "0"] };
  const [base] = measureInterleaved([nodeBaseline]);
  row("node -e 0 (baseline)", base, base);
  const codex = codexBin();
  for (const [name, cwd, home] of workspaces) {
    const promptc = {
      argv: [process.execPath, BIN, "preview", "-C", cwd, "--codex-home", home, "-m", "hello", ...fixed],
      env: { PROMPTC_TOKEN_CACHE: "off" },
    };
    if (codex) {
      // Codex writes into CODEX_HOME (system skills, ids): give it a scratch copy, never the fixture.
      const scratchHome = mkdtempSync(join(scratch, "codex-home-"));
      cpSync(home, scratchHome, { recursive: true });
      const codexRun = { argv: [codex, "debug", "prompt-input", "hello"], env: { CODEX_HOME: scratchHome }, cwd };
      const [codexM, m] = measureInterleaved([codexRun, promptc]);
      row(`codex debug prompt-input, ${name.split(" ")[0]}`, codexM, base);
      row(`promptc preview, ${name}`, m, base, codexM);
    } else {
      const [m] = measureInterleaved([promptc]);
      row(`promptc preview, ${name}`, m, base);
    }
  }
  if (!codex) console.log("\n(codex not found: set CODEX_BIN or install @openai/codex@0.171.0 to compare)");
  if (existsSync(join(ROOT, "bench", "tokens.mjs"))) {
    console.log("");
    const r = spawnSync(process.execPath, [join(ROOT, "bench", "tokens.mjs"), "--quick"], { stdio: "inherit" });
    if (r.status !== 0) process.exitCode = r.status ?? 1;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
