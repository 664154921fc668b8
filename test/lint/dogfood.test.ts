// promptc's own skills/ and templates/ pass promptc lint with zero findings (CI dogfood).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { computeLintFacts } from "../../src/lint/workspace/compute-lint-facts.js";
import { createHostLintFs } from "../../src/lint/workspace/create-host-lint-fs.js";
import { discoverLintTargets } from "../../src/lint/workspace/discover-lint-targets.js";
import { readLintFile } from "../../src/lint/workspace/read-lint-file.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { LINT_TARGETS } from "../../src/lint/define-rule.js";
import { lintFiles } from "../../src/lint/run.js";

const ROOT = join(import.meta.dirname, "..", "..");

describe("promptc lint skills templates", () => {
  it("finds the shipped skills and templates and reports nothing", () => {
    const host = createNodeHost();
    const found = discoverLintTargets(host, { root: ROOT, patterns: ["skills", "templates"] });
    const files = found.value.targets.map((t) => readLintFile(host, ROOT, t.path, t.kind));
    expect(files.filter((f) => f.kind === "skill").length).toBeGreaterThanOrEqual(2);
    expect(files.filter((f) => f.kind === "template").length).toBeGreaterThan(0);
    const project = {
      root: ROOT,
      fs: createHostLintFs(host, ROOT),
      nowMs: host.clock().nowMs,
      targets: new Set(LINT_TARGETS),
      facts: computeLintFacts(host, files, { root: ROOT }),
    };
    const run = lintFiles({ files, project, config: { extends: "all" } });
    expect(
      run.results.flatMap((r) =>
        r.messages.map((m) => `${r.path}:${m.place?.line}:${m.place?.column} ${m.rule} ${m.message}`),
      ),
    ).toEqual([]);
  });
});
