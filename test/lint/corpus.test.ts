// Lints the real-world corpus (../shared/corpus: AGENTS.md, CLAUDE.md, SKILL.md… from public repositories):
// no crash, every finding inside its file, per-rule counts committed in snapshots/lint/corpus-report.txt.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { computeLintFacts } from "../../src/lint/workspace/compute-lint-facts.js";
import { createHostLintFs } from "../../src/lint/workspace/create-host-lint-fs.js";
import { discoverLintTargets } from "../../src/lint/workspace/discover-lint-targets.js";
import { readLintFile } from "../../src/lint/workspace/read-lint-file.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { LINT_TARGETS } from "../../src/lint/define-rule.js";
import { lintFiles, type LintRunResult } from "../../src/lint/run.js";
import { skipBecause } from "../skip-because.js";

const CORPUS = join(import.meta.dirname, "..", "..", "..", "shared", "corpus");
/** The corpus keeps only agent files of each repository, so rules that look for other files see them missing. */
const PARTIAL_REPO_RULES = new Set([
  "ctx/broken-link",
  "skill/broken-link",
  "ctx/import-missing",
  "ctx/commands-exist",
  "ctx/code-span-path",
]);

function lintCorpus(): { run: LintRunResult; lines: Map<string, string[]> } {
  const host = createNodeHost({ nowMs: Date.parse("2026-11-29T00:00:00Z") });
  const found = discoverLintTargets(host, { root: CORPUS, patterns: [] });
  const files = found.value.targets.map((t) => readLintFile(host, CORPUS, t.path, t.kind));
  const project = {
    root: CORPUS,
    fs: createHostLintFs(host, CORPUS),
    nowMs: host.clock().nowMs,
    targets: new Set(LINT_TARGETS),
    facts: computeLintFacts(host, files, { root: CORPUS }),
  };
  const run = lintFiles({ files, project, config: { extends: "all" } });
  return { run, lines: new Map(files.map((f) => [f.path, f.index.lines])) };
}

describe.skipIf(
  skipBecause(
    "lint on the real-world corpus",
    existsSync(CORPUS)
      ? undefined
      : `no corpus at ${CORPUS} (../shared/corpus beside the repository; a clone of its own has none)`,
  ),
)("lint on the real-world corpus", () => {
  const { run, lines } = existsSync(CORPUS) ? lintCorpus() : { run: undefined, lines: new Map<string, string[]>() };

  it("lints every file without a rule crashing", () => {
    expect(run!.results.length).toBeGreaterThan(150);
    expect(run!.internalErrors).toBe(0);
  });

  it("places every finding inside its file", () => {
    const outside = run!.results.flatMap((r) =>
      r.messages
        .filter((m) => {
          const ls = lines.get(r.path) ?? [];
          const p = m.place ?? { line: 1, column: 1 };
          return (
            p.line < 1 ||
            p.line > Math.max(1, ls.length) ||
            p.column < 1 ||
            p.column > (ls[p.line - 1]?.length ?? 0) + 1
          );
        })
        .map((m) => `${r.path}:${m.place?.line}:${m.place?.column} ${m.rule}`),
    );
    expect(outside).toEqual([]);
  });

  it("records per-rule finding counts", async () => {
    const counts = new Map<string, { n: number; files: Set<string> }>();
    for (const r of run!.results)
      for (const m of r.messages) {
        const c = counts.get(m.rule) ?? { n: 0, files: new Set<string>() };
        c.n++;
        c.files.add(r.path);
        counts.set(m.rule, c);
      }
    const rows = [...counts.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(
        ([id, c]) =>
          `${id.padEnd(32)} ${String(c.n).padStart(5)} findings in ${String(c.files.size).padStart(3)} files${PARTIAL_REPO_RULES.has(id) ? "  (partial repositories: expected)" : ""}`,
      );
    const report = [
      "promptc lint on ../shared/corpus (preset: all, every target, now = 2026-11-29)",
      `${run!.results.length} files, ${run!.errorCount} errors, ${run!.warningCount} warnings, ${run!.infoCount} infos`,
      "",
      ...rows,
      "",
    ].join("\n");
    await expect(report).toMatchFileSnapshot("../../snapshots/lint/corpus-report.txt");
  });
});
