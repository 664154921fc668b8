// The runner: suppressions, crash isolation, presets, overrides, config validation, fix passes. Pure core.
import { describe, expect, it } from "vitest";
import { defineRule, LINT_TARGETS } from "../../src/lint/define-rule.js";
import { validateLintConfig, resolveRuleSettings } from "../../src/lint/lint-config.js";
import { createLintFile } from "../../src/lint/lint-file.js";
import { createMemoryLintFs, EMPTY_FACTS, type LintProject } from "../../src/lint/lint-project.js";
import { lintRules, lintRulesById } from "../../src/lint/rules/index.js";
import { lintFile, lintFiles } from "../../src/lint/run.js";
import { harnessFactsFor } from "./rule-tester.js";

const project: LintProject = {
  root: "/r",
  fs: createMemoryLintFs({}),
  nowMs: 0,
  targets: new Set(LINT_TARGETS),
  facts: EMPTY_FACTS,
};
/** `project` with what each harness loads when the workspace holds just this file (the shared discovery's view). */
const projectWith = (path: string, code: string): LintProject => ({
  ...project,
  facts: { ...EMPTY_FACTS, ...harnessFactsFor({ path, code }) },
});
const ids = (text: string, path = "AGENTS.md") =>
  lintFile(createLintFile(path, "context", text), projectWith(path, text)).map((m) => `${m.place?.line}:${m.rule}`);

describe("lintFile", () => {
  it("drops findings covered by next-line, line, range and file suppressions", () => {
    expect(ids("Hi /Users/alice/x\n")).toEqual(["1:ctx/personal-paths"]);
    expect(ids("<!-- promptc-disable-next-line ctx/personal-paths -->\nHi /Users/alice/x\n")).toEqual([]);
    expect(ids("Hi /Users/alice/x <!-- promptc-disable-line ctx/personal-paths -->\n")).toEqual([]);
    expect(
      ids(
        "<!-- promptc-disable ctx/personal-paths -->\n/Users/al/a\n<!-- promptc-enable ctx/personal-paths -->\n/Users/bo/b\n",
      ),
    ).toEqual(["4:ctx/personal-paths"]);
    expect(ids("<!-- promptc-disable-file ctx/personal-paths -->\n/Users/al/a\n/Users/bo/b\n")).toEqual([]);
  });

  it("reports a suppression that hides nothing", () => {
    expect(ids("<!-- promptc-disable-next-line ctx/personal-paths -->\nclean\n")).toEqual([
      "1:meta/unused-suppression",
    ]);
  });

  it("turns a crashing rule into meta/internal-error and keeps the other findings", () => {
    const boom = defineRule({
      id: "test/boom",
      meta: { ...lintRulesById.get("ctx/placeholder")!.meta, messages: { x: "x" } },
      check() {
        throw new Error("kaboom");
      },
    });
    const run = lintFiles({
      files: [createLintFile("AGENTS.md", "context", "{{x}}\n")],
      project: projectWith("AGENTS.md", "{{x}}\n"),
      rules: [boom, lintRulesById.get("ctx/placeholder")!],
    });
    expect(run.results[0]!.messages.map((m) => [m.rule, m.message])).toEqual([
      ["ctx/placeholder", "unfilled placeholder '{{x}}'"],
      ["meta/internal-error", "rule test/boom crashed: kaboom"],
    ]);
    expect(run.internalErrors).toBe(1);
  });

  it("skips target-specific rules when their harness is not targeted", () => {
    const file = createLintFile(
      ".claude/skills/claude-x/SKILL.md",
      "skill",
      "---\nname: claude-x\ndescription: Does x. Use when asked.\n---\n",
    );
    const rules = (targets: readonly (typeof LINT_TARGETS)[number][]) =>
      lintFile(file, { ...project, targets: new Set(targets) }).map((m) => m.rule);
    expect(rules(["claude-code"])).toContain("skill/name-reserved");
    expect(rules(["codex"])).not.toContain("skill/name-reserved");
  });

  it("runs a harness's rules only on skills in a folder that harness scans, and spec rules only on samples", () => {
    const text = "---\nname: claude-x\ndescription: Does x. Use when asked.\n---\n";
    const rules = (path: string) =>
      lintFile(createLintFile(path, "skill", text), projectWith(path, text)).map((m) => m.rule);
    expect(rules(".claude/skills/claude-x/SKILL.md")).toContain("skill/name-reserved");
    expect(rules(".agents/skills/claude-x/SKILL.md")).not.toContain("skill/name-reserved");
    expect(rules("skills/claude-x/SKILL.md")).toContain("skill/name-reserved");
    expect(rules("examples/skills/claude-x/SKILL.md")).not.toContain("skill/name-reserved");
    expect(rules("examples/skills/other/SKILL.md")).toContain("skill/name-matches-dir");
  });

  it("raises a two-tier rule's finding to its minimum severity but never lowers it, and reports nothing when off", () => {
    const file = createLintFile("AGENTS.md", "context", "word ".repeat(10100));
    const sev = (setting: "off" | "info" | "warn" | "error") =>
      lintFile(file, projectWith(file.path, file.text), {
        cliRules: { "ctx/token-budget": setting },
        only: ["ctx/token-budget"],
      }).map((m) => m.severity);
    expect([sev("info"), sev("warn"), sev("error"), sev("off")]).toEqual([["error"], ["error"], ["error"], []]);
    const soft = createLintFile("AGENTS.md", "context", "word ".repeat(4600));
    expect(
      lintFile(soft, projectWith(soft.path, soft.text), {
        cliRules: { "ctx/token-budget": "info" },
        only: ["ctx/token-budget"],
      }).map((m) => m.severity),
    ).toEqual(["info"]);
  });
});

describe("lintFiles with fix", () => {
  it("applies fixes over several passes until nothing fixable remains", () => {
    const text = "A\u200B\u200Bb\n```\ncode\n";
    const run = lintFiles({
      files: [createLintFile("AGENTS.md", "context", text)],
      project: projectWith("AGENTS.md", text),
      fix: ["safe", "suggest"],
    });
    expect(run.results[0]!.output).toBe("Ab\n```\ncode\n```\n");
    expect(run.results[0]!.messages).toEqual([]);
  });
});

describe("resolveRuleSettings", () => {
  it("layers preset, rules, overrides and CLI flags", () => {
    const config = {
      extends: "strict" as const,
      rules: { "ctx/max-lines": ["warn", { maxLines: 50 }] as ["warn", { maxLines: number }] },
      overrides: [{ files: ["docs/**"], rules: { "ctx/max-lines": "off" as const } }],
    };
    const at = (path: string, cli = {}) => resolveRuleSettings(lintRules, config, path, cli);
    expect(at("AGENTS.md").get("ctx/max-lines")).toEqual({
      severity: "warn",
      options: { maxLines: 50, maxCursorLines: 500, marginPercent: 50 },
    });
    expect(at("docs/a/AGENTS.md").get("ctx/max-lines")?.severity).toBe("off");
    expect(at("AGENTS.md").get("skill/description-when")?.severity).toBe("warn");
    expect(resolveRuleSettings(lintRules, {}, "AGENTS.md").get("skill/description-when")?.severity).toBe("off");
    expect(
      resolveRuleSettings(lintRules, { extends: "all" }, "AGENTS.md").get("skill/description-tokens")?.severity,
    ).toBe("warn");
    expect(at("AGENTS.md", { "ctx/max-lines": "info" }).get("ctx/max-lines")?.severity).toBe("info");
  });
});

describe("validateLintConfig", () => {
  it("accepts a valid config and warns about unknown rule ids", () => {
    const r = validateLintConfig(
      { extends: "all", targets: ["codex"], rules: { "nope/x": "off", "ctx/max-lines": ["error", { maxLines: 10 }] } },
      lintRulesById,
      "promptc.yaml",
    );
    // The config comes back as given (the unknown id is reported, not dropped).
    expect(r.value).toEqual({
      extends: "all",
      targets: ["codex"],
      rules: { "nope/x": "off", "ctx/max-lines": ["error", { maxLines: 10 }] },
    });
    expect(r.diagnostics.map((d) => [d.rule, d.severity])).toEqual([["meta/unknown-rule", "warning"]]);
  });

  it("warns about an unknown top-level key and accepts the keys other verbs read", () => {
    const r = validateLintConfig(
      { rulez: { "ctx/max-lines": "off" }, snapshot: { scenarios: "s" }, extends: "recommended" },
      lintRulesById,
      "promptc.yaml",
    );
    expect(r.value).toEqual({
      rulez: { "ctx/max-lines": "off" },
      snapshot: { scenarios: "s" },
      extends: "recommended",
    });
    expect(r.diagnostics.map((d) => [d.rule, d.severity, d.message])).toEqual([
      [
        "meta/unknown-config-key",
        "warning",
        "unknown key 'rulez' in configuration (ignored; known: extends, targets, rules, overrides, ignorePatterns, snapshot, $schema)",
      ],
    ]);
  });

  it("rejects bad shapes and bad rule options", () => {
    expect(validateLintConfig({ targets: ["vim"] }, lintRulesById, "f").value).toBeUndefined();
    expect(validateLintConfig({ rules: { "ctx/max-lines": "loud" } }, lintRulesById, "f").value).toBeUndefined();
    const bad = validateLintConfig({ rules: { "ctx/max-lines": ["warn", { maxLines: -1 }] } }, lintRulesById, "f");
    expect(bad.value).toBeUndefined();
    expect(bad.diagnostics[0]?.rule).toBe("meta/invalid-options");
  });
});
