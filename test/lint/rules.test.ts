// Every lint rule against its valid/invalid table, plus the meta-checks: sorted registry, docs, sources, tests.
import { describe, expect, it } from "vitest";
import { lintRules, ruleRegistry } from "../../src/lint/rules/index.js";
import { claudeCases } from "./cases/claude.js";
import { ctxCases } from "./cases/ctx.js";
import { ctxRepoCases } from "./cases/ctx-repo.js";
import { ctxCodeSpanPathCases } from "./cases/ctx-code-span-path.js";
import { metaCases, otherCases } from "./cases/other.js";
import { promptCases } from "./cases/prompt.js";
import { skillCases } from "./cases/skill.js";
import { ctxBrokenLinkCases } from "./cases/ctx-broken-link.js";
import { ctxImportMissingCases } from "./cases/ctx-import-missing.js";
import { skillReferencesDepthCases } from "./cases/skill-references-depth.js";
import { skillOrphanFileCases } from "./cases/skill-orphan-file.js";
import { ctxCodexChainBytesCases } from "./cases/ctx-codex-chain-bytes.js";
import { ctxCommandsExistCases } from "./cases/ctx-commands-exist.js";
import { ctxPackageManagerConsistencyCases } from "./cases/ctx-package-manager-consistency.js";
import { ctxHarnessDropsCases } from "./cases/ctx-harness-drops.js";
import { promptMissingPartialCases } from "./cases/prompt-missing-partial.js";
import { promptUnknownHelperCases } from "./cases/prompt-unknown-helper.js";
import { testRule, type RuleCases } from "./rule-tester.js";

const ALL_CASES: { [ruleId: string]: RuleCases } = {
  ...skillCases,
  ...ctxCases,
  ...otherCases,
  ...metaCases,
  ...promptCases,
  ...claudeCases,
  ...ctxRepoCases,
  "ctx/code-span-path": ctxCodeSpanPathCases,
  "prompt/unknown-helper": promptUnknownHelperCases,
  "prompt/missing-partial": promptMissingPartialCases,
  "ctx/harness-drops": ctxHarnessDropsCases,
  "ctx/package-manager-consistency": ctxPackageManagerConsistencyCases,
  "ctx/commands-exist": ctxCommandsExistCases,
  "ctx/codex-chain-bytes": ctxCodexChainBytesCases,
  "skill/orphan-file": skillOrphanFileCases,
  "skill/references-depth": skillReferencesDepthCases,
  "ctx/import-missing": ctxImportMissingCases,
  "ctx/broken-link": ctxBrokenLinkCases,
};
/** Emitted by the runner when a rule throws; covered in run.test.ts. */
const RUNNER_ONLY = new Set(["meta/internal-error"]);

for (const rule of lintRules) {
  const cases = ALL_CASES[rule.id];
  if (!cases) continue;
  describe(rule.id, () => testRule(rule, cases));
}

describe("ruleRegistry", () => {
  it("is sorted by rule id", () => {
    const ids = Object.keys(ruleRegistry);
    expect(ids).toEqual([...ids].sort());
  });

  it("holds at least 40 rules", () => {
    expect(lintRules.length).toBeGreaterThanOrEqual(40);
  });

  it.each(lintRules.map((r) => [r.id, r] as const))("%s has valid and invalid cases", (id) => {
    if (RUNNER_ONLY.has(id)) return;
    const cases = ALL_CASES[id];
    expect(cases?.valid.length ?? 0).toBeGreaterThan(0);
    expect(cases?.invalid.length ?? 0).toBeGreaterThan(0);
  });

  it.each(lintRules.map((r) => [r.id, r] as const))("%s has docs, a source and used message ids", (id, rule) => {
    expect(rule.meta.description.length).toBeGreaterThan(10);
    expect(rule.meta.rationale.length).toBeGreaterThan(20);
    expect(rule.meta.sources.length).toBeGreaterThan(0);
    for (const s of rule.meta.sources) expect(s.url).toMatch(/^https:\/\//);
    const reported = new Set((ALL_CASES[id]?.invalid ?? []).flatMap((c) => c.errors.map((e) => e.messageId)));
    if (!RUNNER_ONLY.has(id)) for (const m of reported) expect(Object.keys(rule.meta.messages)).toContain(m);
  });

  it("has no test table for a rule that does not exist", () => {
    expect(Object.keys(ALL_CASES).filter((id) => !(id in ruleRegistry))).toEqual([]);
  });
});
