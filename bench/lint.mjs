// Benchmark for `promptc lint`: a generated 5,000-file monorepo tree and the shared corpus, as files/s and as a
// ratio to a baseline measured in the same run (reading and line-splitting the same files). Needs `npm run build`.
// markdownlint-cli2 is not a dependency; when `npx markdownlint-cli2` is available set MDL=1 to compare with it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

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
    writeFileSync(join(skill, "SKILL.md"), `---\nname: tool-${i}\ndescription: Runs tool ${i}. Use when asked to run tool ${i}.\n---\n\n# Tool\n\nRun it.\n`);
    writeFileSync(join(pkg, "CLAUDE.md"), "@AGENTS.md\n");
    paths.push(join(pkg, "AGENTS.md"), join(pkg, "src", "api", "AGENTS.md"), join(skill, "SKILL.md"), join(pkg, "CLAUDE.md"));
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

function lint(cwd) {
  try {
    execFileSync(process.execPath, [BIN, "lint", "--no-config", "-f", "json", "-o", join(tmpdir(), "promptc-bench-lint.json")], { cwd, stdio: "ignore" });
  } catch {
    // exit code 1 = findings; the timing still counts
  }
}

if (!existsSync(BIN)) throw new Error("run `npm run build` first");
const root = mkdtempSync(join(tmpdir(), "promptc-bench-lint-"));
const paths = generate(root);
const lintSec = time(() => lint(root));
const baseSec = time(() => baseline(paths));
console.log(`monorepo: ${paths.length} files, lint ${lintSec.toFixed(2)} s (${Math.round(paths.length / lintSec)} files/s), read+split baseline ${baseSec.toFixed(3)} s, ratio ${(lintSec / baseSec).toFixed(1)}x`);
if (process.env.MDL === "1") {
  const mdl = time(() => {
    try {
      execFileSync("npx", ["--no-install", "markdownlint-cli2", "**/*.md"], { cwd: root, stdio: "ignore" });
    } catch {}
  });
  console.log(`markdownlint-cli2 on the same tree: ${mdl.toFixed(2)} s; promptc/markdownlint speed ratio ${(mdl / lintSec).toFixed(2)}x`);
}
if (existsSync(CORPUS)) console.log(`corpus: lint ${time(() => lint(CORPUS)).toFixed(2)} s`);
rmSync(root, { recursive: true, force: true });
