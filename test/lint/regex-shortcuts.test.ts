// The plain-text checks that stand in for regexes (to spare compiling them) answer as those regexes do.
import { describe, expect, it } from "vitest";
import { isNegatedCommandLine } from "../../src/lint/collect-command-mentions.js";
import { defineRule } from "../../src/lint/define-rule.js";
import { isSampleFolder } from "../../src/lint/loading-harnesses.js";
import { isSkillLinkEntry } from "../../src/lint/workspace/lint-patterns.js";

const SAMPLE_DIR =
  /(^|\/)(fixtures?|__fixtures__|test-?data|__tests__|examples?|samples?|e2e|snapshots?|__snapshots__)\//i;
const SKILL_LINK_ENTRY = /(^|\/)\.(agents|claude|codex|gemini|github)\/skills\/[^/]+$/;
const NEGATED =
  /(?<![-\w])(no|not|never|don't|do not|doesn't|does not|needn't|need not|without|unnecessary|avoid|instead of|wrong|deprecated|removed|legacy|obsolete)(?![-\w])/i;

const PARTS = ["", ".agents", ".claude", ".Codex", "skills", "x", "Fixtures", "FIXTURE", "tests", "__tests__", "e2e"];
const MORE = [
  "test-data",
  "TestData",
  "sample",
  "\u017fample",
  "\u0130",
  "\u212a",
  "examples",
  "snapshot",
  "src",
  "..",
];

/** Every path of up to three parts over these names (with empty parts: `a//b`, a trailing slash). */
function paths(): string[] {
  const names = [...PARTS, ...MORE];
  const out: string[] = [];
  for (const a of names) {
    out.push(a);
    for (const b of names) {
      out.push(`${a}/${b}`);
      for (const c of names) out.push(`${a}/${b}/${c}`);
    }
  }
  return out;
}

describe("regex shortcuts", () => {
  it("isSampleFolder matches the sample-folder regex", () => {
    for (const p of paths()) expect(isSampleFolder(p), p).toBe(p !== "" && SAMPLE_DIR.test(`${p}/`));
  });

  it("isSkillLinkEntry matches the skill-link regex", () => {
    for (const p of paths()) expect(isSkillLinkEntry(p), p).toBe(SKILL_LINK_ENTRY.test(p));
  });

  it("isNegatedCommandLine matches the negation regex", () => {
    const lines = [
      "Run `npm test` before pushing.",
      "No `npm install` needed",
      "do NOT run `make x`",
      "`make old` was Removed",
      "Don't use `yarn`",
      "notable: `npm run build`",
      "knot `npm ci`",
      "Avoid-ing `x`",
      "use the legacy `bun x` runner",
      "needn\u2019t `npm ci`",
      "instead of `pnpm i`",
      "Never \u0130gnore `npm test`",
    ];
    for (const l of lines) expect(isNegatedCommandLine(l), l).toBe(NEGATED.test(l));
  });

  it("defineRule takes the ids the family/kebab-name regex takes", () => {
    const RULE_ID = /^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*$/;
    const atoms = ["a", "ctx", "x9", "9", "-", "/", "", "A", "b-c", "é", "_", " "];
    const ids: string[] = [];
    for (const a of atoms) for (const b of atoms) for (const c of atoms) for (const d of atoms) ids.push(a + b + c + d);
    const meta = { description: "d", rationale: "r", defaultSeverity: "warn" as const, basis: "spec" as const };
    for (const id of ids) {
      const define = () => defineRule({ id, meta: { ...meta, sources: [], messages: { m: "m" } }, check() {} });
      if (RULE_ID.test(id)) expect(define, id).not.toThrow();
      else expect(define, id).toThrow(`rule id '${id}' is not family/kebab-name`);
    }
  });
});
