// `npm run bench:sandbox`: what bubblewrap costs per shell command. Median wall time of N runs of `sh -c true` as a
// plain spawn, through the tool's process-group runner, and through the runner inside bubblewrap (read-only and
// workspace-write layouts), as ratios to the plain spawn. Runs on dist/ (after `npm run build`); never fails on speed.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "dist");
if (!existsSync(join(DIST, "loop", "tools", "sandbox", "run-process-group.js"))) {
  console.error("bench: dist/ is missing; run `npm run build` first");
  process.exit(2);
}
const { runProcessGroup } = await import(join(DIST, "loop", "tools", "sandbox", "run-process-group.js"));
const { probeBubblewrap } = await import(join(DIST, "loop", "tools", "sandbox", "probe-bubblewrap.js"));
const { buildBwrapArgv } = await import(join(DIST, "loop", "sandbox", "build-bwrap-argv.js"));
const { hostServiceMasks } = await import(join(DIST, "loop", "tools", "sandbox", "real-paths.js"));

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const work = mkdtempSync(join(tmpdir(), "promptc-bench-sandbox-"));
const env = { PATH: "/usr/bin:/bin" };
const signal = new AbortController().signal;

const plain = () =>
  new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", "true"], { cwd: work, env, stdio: ["ignore", "pipe", "pipe"] });
    child.on("error", reject);
    child.on("close", resolve);
  });
const runner = (program, args) => () =>
  runProcessGroup({ program, args, cwd: work, env, timeoutMs: 60_000, signal, captureMaxBytes: 1 << 20 });

async function median(fn) {
  await fn();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const cases = [
  ["plain spawn sh -c true", plain],
  ["process-group runner, unsandboxed", runner("/bin/sh", ["-c", "true"])],
];
const bwrap = probeBubblewrap();
if (bwrap.ok) {
  for (const mode of ["read-only", "workspace-write"]) {
    const policy = { mode, writableRoots: [work, "/tmp"], networkAccess: false };
    const roots = mode === "workspace-write" ? [work, "/tmp"] : [];
    // The same layout the shell tool builds (host-service masks included).
    const argv = buildBwrapArgv(
      bwrap.path,
      policy,
      { writableRoots: roots, readOnlyPaths: [], cwd: work, ...hostServiceMasks(work, roots) },
      ["/bin/sh", "-c", "true"],
    );
    cases.push([`process-group runner in bubblewrap, ${mode}`, runner(argv[0], argv.slice(1))]);
  }
} else console.log(`bubblewrap cases skipped: ${bwrap.reason}`);

let base;
console.log(`median of ${RUNS} runs each`);
for (const [name, fn] of cases) {
  const ms = await median(fn);
  base ??= ms;
  console.log(`${name.padEnd(48)} ${ms.toFixed(2).padStart(8)} ms   ×${(ms / base).toFixed(2)}`);
}
rmSync(work, { recursive: true, force: true });
