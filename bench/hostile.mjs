// Benchmark for hostile inputs: each case runs the CLI at two sizes and prints the time ratio, which stays near
// the size ratio (2×) when the work is linear. A case whose ratio passes 3× is marked. Run once; never in a loop.
// Needs `npm run build` (PROMPTC_BIN picks another build, e.g. an older one to compare against).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const BIN = resolve(process.env.PROMPTC_BIN ?? join(import.meta.dirname, "..", "dist", "bin.js"));
const LIMIT_RATIO = 3;
const root = mkdtempSync(join(tmpdir(), "promptc-bench-hostile-"));
const item = (text) =>
  JSON.stringify({
    timestamp: "t",
    type: "response_item",
    payload: { type: "message", role: "user", content: [{ type: "input_text", text }] },
  });

/** Wall time and peak memory of one CLI run. */
function measure(args, cwd) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, BIN, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, PROMPTC_TOKEN_CACHE: "off", NO_COLOR: "1" },
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const kb = Number(r.stderr.trim().split("\n").pop());
  return { seconds, mb: Number.isFinite(kb) ? kb / 1024 : NaN, status: r.status };
}

const cases = [
  {
    name: "compact: one long line (MB)",
    sizes: [4, 8],
    make(dir, mb) {
      writeFileSync(
        join(dir, "log.jsonl"),
        `${JSON.stringify({ timestamp: "t", type: "session_meta", payload: { id: "s", cwd: dir } })}\n${item("x ".repeat(mb * 512 * 1024))}\n`,
      );
      return ["compact", "log.jsonl"];
    },
  },
  {
    name: "preview: project_doc_fallback_filenames (entries)",
    sizes: [25_000, 50_000],
    make(dir, n) {
      mkdirSync(join(dir, "home"));
      mkdirSync(join(dir, "repo", ".git"), { recursive: true });
      writeFileSync(
        join(dir, "home", "config.toml"),
        `project_doc_fallback_filenames = [${Array.from({ length: n }, (_, i) => `"DOC${i}.md"`).join(",")}]\n`,
      );
      return ["preview", "-C", join(dir, "repo"), "--codex-home", join(dir, "home"), "--no-text"];
    },
  },
  {
    name: "preview: exec-policy rules (rules)",
    sizes: [30_000, 60_000],
    make(dir, n) {
      mkdirSync(join(dir, "home", "rules"), { recursive: true });
      mkdirSync(join(dir, "repo", ".git"), { recursive: true });
      writeFileSync(
        join(dir, "home", "rules", "many.rules"),
        Array.from({ length: n }, (_, i) => `prefix_rule(pattern=["cmd${i}"], decision="allow")\n`).join(""),
      );
      return ["preview", "-C", join(dir, "repo"), "--codex-home", join(dir, "home"), "--no-text"];
    },
  },
  {
    name: "lint: deep tree, an AGENTS.md per level (levels)",
    sizes: [100, 200],
    make(dir, n) {
      mkdirSync(join(dir, ".git"));
      let p = dir;
      for (let i = 0; i < n; i++) {
        p = join(p, `d${i}`);
        mkdirSync(p);
        writeFileSync(join(p, "AGENTS.md"), `# Level ${i}\n\nSome text.\n`);
      }
      return ["lint", "--no-config", "--codex-home", join(dir, "no-home")];
    },
  },
];

try {
  for (const c of cases) {
    const runs = c.sizes.map((size) => {
      const dir = mkdtempSync(join(root, "case-"));
      const args = c.make(dir, size);
      return { size, ...measure(args, dir) };
    });
    const [a, b] = runs;
    const ratio = b.seconds / a.seconds;
    const mark = ratio > LIMIT_RATIO ? `  ← over ${LIMIT_RATIO}×: superlinear` : "";
    console.log(
      `${c.name}: ${a.size} → ${a.seconds.toFixed(2)} s ${a.mb.toFixed(0)} MB; ${b.size} → ${b.seconds.toFixed(2)} s ${b.mb.toFixed(0)} MB; ratio ${ratio.toFixed(2)}×${mark}`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
