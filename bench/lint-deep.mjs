// Benchmark for lint on deep and broad trees (issue 14: deep-tree lint was superlinear). Generates a chain of
// folders with an AGENTS.md (and every fifth a CLAUDE.md importing it) per level, at depths 10, 50 and 200, and
// a broad tree of as many sibling packages; runs `promptc lint` once on each and prints time per level and the
// ratio of each run to the smallest one beside the size ratio (linear work keeps the two close). Run once; never
// in a loop. Needs `npm run build` (PROMPTC_BIN picks another build).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BENCH_ENV } from "./node-start-env.mjs";

const BIN = resolve(process.env.PROMPTC_BIN ?? join(import.meta.dirname, "..", "dist", "bin.js"));
const SIZES = [10, 50, 200];
const root = mkdtempSync(join(tmpdir(), "promptc-bench-lint-deep-"));

function level(dir, i) {
  writeFileSync(join(dir, "AGENTS.md"), `# Level ${i}\n\nRun the tests before pushing.\n`);
  if (i % 5 === 0) writeFileSync(join(dir, "CLAUDE.md"), "@AGENTS.md\n");
}

const shapes = {
  /** One chain of folders, n deep. */
  deep(dir, n) {
    let p = dir;
    for (let i = 0; i < n; i++) {
      p = join(p, `d${i}`);
      mkdirSync(p);
      level(p, i);
    }
  },
  /** n sibling packages, two levels each. */
  broad(dir, n) {
    for (let i = 0; i < n; i++) {
      const p = join(dir, "packages", `p${i}`, "src");
      mkdirSync(p, { recursive: true });
      level(join(dir, "packages", `p${i}`), i);
      level(p, i + 1);
    }
  },
};

function measure(dir) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(
    process.execPath,
    [BIN, "lint", "--no-config", "--codex-home", join(dir, "no-home"), "-f", "json"],
    {
      cwd: dir,
      encoding: "utf8",
      env: { ...BENCH_ENV, HOME: join(dir, "no-home"), PROMPTC_TOKEN_CACHE: "off" },
      maxBuffer: 1 << 28,
    },
  );
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0 && r.status !== 1) throw new Error(`lint exited ${r.status}: ${r.stderr}`);
  return { seconds, files: JSON.parse(r.stdout).results.length };
}

try {
  for (const [name, make] of Object.entries(shapes)) {
    const runs = SIZES.map((n) => {
      const dir = mkdtempSync(join(root, `${name}-`));
      mkdirSync(join(dir, ".git"));
      make(dir, n);
      return { n, ...measure(dir) };
    });
    const [first] = runs;
    for (const r of runs)
      console.log(
        `lint ${name} ${String(r.n).padStart(3)}: ${r.files} files, ${r.seconds.toFixed(2)} s, ${((r.seconds / r.n) * 1000).toFixed(1)} ms per level; ` +
          `×${(r.seconds / first.seconds).toFixed(1)} the time for ×${(r.n / first.n).toFixed(0)} the size`,
      );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
