// Benchmark for `promptc lint`: a generated 5,000-file monorepo tree and the shared corpus, as files/s and as
// ratios to baselines measured in the same run on the same markdown files: markdownlint-cli2 (a devDependency;
// speed ratio ≥ 1× means promptc is faster while running its own rules) and reading + line-splitting the files.
// Needs `npm run build`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";

const BIN = resolve(process.env.PROMPTC_BIN ?? join(import.meta.dirname, "..", "dist", "bin.js"));
const CORPUS = join(import.meta.dirname, "..", "..", "shared", "corpus");
const FILES = 5000;

function generate(root) {
  writeFileSync(join(root, ".git"), "gitdir: none\n");
  writeFileSync(join(root, "AGENTS.md"), "# Monorepo\n\nRun `npm test` before pushing.\n".repeat(40));
  writeFileSync(join(root, "package.json"), JSON.stringify({ scripts: { test: "vitest" } }));
  const paths = [];
  for (let i = 0; paths.length < FILES; i++) {
    const pkg = join(root, "packages", `pkg-${i}`);
    mkdirSync(join(pkg, "src", "api"), { recursive: true });
    writeFileSync(join(pkg, "AGENTS.md"), `# pkg-${i}\n\nUse the shared logger. Run \`npm test\`.\n`.repeat(30));
    writeFileSync(join(pkg, "src", "api", "AGENTS.md"), `# api ${i}\n\nHandlers validate input with ajv.\n`.repeat(20));
    const skill = join(pkg, ".agents", "skills", `tool-${i}`);
    mkdirSync(skill, { recursive: true });
    writeFileSync(
      join(skill, "SKILL.md"),
      `---\nname: tool-${i}\ndescription: Runs tool ${i}. Use when asked to run tool ${i}.\n---\n\n# Tool\n\nRun it.\n`,
    );
    writeFileSync(join(pkg, "CLAUDE.md"), "@AGENTS.md\n");
    paths.push(
      join(pkg, "AGENTS.md"),
      join(pkg, "src", "api", "AGENTS.md"),
      join(skill, "SKILL.md"),
      join(pkg, "CLAUDE.md"),
    );
  }
  return paths;
}

function time(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

function baseline(paths) {
  let lines = 0;
  for (const p of paths) lines += readFileSync(p, "utf8").split("\n").length;
  return lines;
}

const MDL = join(import.meta.dirname, "..", "node_modules", "markdownlint-cli2", "markdownlint-cli2-bin.mjs");

/** Runs promptc lint; returns the linted paths (absolute) from its JSON report. */
function lint(cwd) {
  const out = join(tmpdir(), `promptc-bench-lint-${process.pid}.json`);
  try {
    execFileSync(
      process.execPath,
      [BIN, "lint", "--no-config", "--codex-home", join(cwd, ".no-codex-home"), "-f", "json", "-o", out],
      { cwd, stdio: "ignore" },
    );
  } catch {
    // exit code 1 = findings; the timing still counts
  }
  const report = JSON.parse(readFileSync(out, "utf8"));
  rmSync(out, { force: true });
  return report.results.map((r) => join(cwd, r.filePath));
}

/** markdownlint-cli2 on exactly these files (its default rules), one process like promptc. */
function markdownlint(cwd, files) {
  try {
    execFileSync(process.execPath, [MDL, ...files.map((f) => ":" + relative(cwd, f))], { cwd, stdio: "ignore" });
  } catch {
    // exit code 1 = findings
  }
}

function compare(label, cwd) {
  let files = [];
  const lintSec = time(() => (files = lint(cwd)));
  const md = files.filter((f) => f.endsWith(".md"));
  const mdlSec = time(() => markdownlint(cwd, md));
  const baseSec = time(() => baseline(files));
  console.log(
    `${label}: ${files.length} files; promptc lint ${lintSec.toFixed(2)} s (${Math.round(files.length / lintSec)} files/s); ` +
      `markdownlint-cli2 on the same ${md.length} .md files ${mdlSec.toFixed(2)} s → promptc speed ratio ${(mdlSec / lintSec).toFixed(2)}x (target ≥ 1x); ` +
      `read+split ${baseSec.toFixed(3)} s (promptc ${(lintSec / baseSec).toFixed(0)}x slower than only reading)`,
  );
}

if (!existsSync(BIN)) throw new Error("run `npm run build` first");
if (!existsSync(MDL)) throw new Error("markdownlint-cli2 is missing: run `npm install`");
const root = mkdtempSync(join(tmpdir(), "promptc-bench-lint-"));
generate(root);
compare("monorepo", root);
if (existsSync(CORPUS)) compare("corpus", CORPUS);
rmSync(root, { recursive: true, force: true });
