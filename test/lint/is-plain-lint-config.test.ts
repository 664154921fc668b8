import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPlainLintConfig } from "../../src/lint/is-plain-lint-config.js";
import { LINT_CONFIG_SCHEMA, validateLintConfig } from "../../src/lint/lint-config.js";
import { lintRulesById } from "../../src/lint/rules/index.js";

const schema = new Ajv({ allErrors: true, strict: false }).compile(LINT_CONFIG_SCHEMA);

const PLAIN: [string, unknown][] = [
  ["a preset", { extends: "strict" }],
  ["rule severities", { rules: { "ctx/harness-drops": "off", "skill/name-format": ["warn"] } }],
  ["a rule with options", { rules: { "skill/name-format": ["error", { max: 3 }] } }],
  ["targets", { targets: ["codex", "claude-code"] }],
  ["overrides", { overrides: [{ files: ["docs/**"], rules: { "ctx/harness-drops": "info" } }, { files: ["a"] }] }],
  ["ignore patterns", { ignorePatterns: ["vendor/**"] }],
  ["other verbs' keys and unknown ones", { snapshot: { dir: "x" }, $schema: "s", rulez: 1 }],
  ["an empty rules table", { rules: {} }],
];

// Each is left to ajv: most are errors, some (a key the schema does not constrain) ajv's answer decides.
const ASK_AJV: [string, unknown][] = [
  ["not an object", ["extends"]],
  ["null", null],
  ["an unknown preset", { extends: "loose" }],
  ["a preset of another type", { extends: 1 }],
  ["a repeated target", { targets: ["codex", "codex"] }],
  ["an unknown target", { targets: ["vim"] }],
  ["targets as a string", { targets: "codex" }],
  ["a bad severity", { rules: { x: "warning" } }],
  ["an empty setting", { rules: { x: [] } }],
  ["three items", { rules: { x: ["warn", {}, {}] } }],
  ["options that are an array", { rules: { x: ["warn", []] } }],
  ["options that are null", { rules: { x: ["warn", null] } }],
  ["rules as an array", { rules: ["x"] }],
  ["an override without files", { overrides: [{ rules: {} }] }],
  ["an override with no file", { overrides: [{ files: [] }] }],
  ["an override with another key", { overrides: [{ files: ["a"], severity: "off" }] }],
  ["an override's file that is no string", { overrides: [{ files: [1] }] }],
  ["overrides as an object", { overrides: { files: ["a"] } }],
  ["ignore patterns that are no strings", { ignorePatterns: [true] }],
];

describe("isPlainLintConfig", () => {
  it.each(PLAIN)("accepts %s, as the schema does", (_, data) => {
    expect(schema(data)).toBe(true);
    expect(isPlainLintConfig(data)).toBe(true);
  });

  it.each(ASK_AJV)("leaves %s to ajv", (_, data) => {
    expect(isPlainLintConfig(data)).toBe(false);
  });

  it("accepts nothing the schema rejects (10,000 generated configurations, fixed seed)", () => {
    // Mostly what the schema wants, so that both answers come up often.
    const likely = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
      fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: bad, weight: 1 });
    const value = fc.oneof(
      fc.constantFrom("warning", "loose", "vim", "", "codex"),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    );
    const severity = likely(fc.constantFrom("off", "info", "warn", "error"), value);
    const setting = likely(
      fc.oneof(severity, fc.tuple(severity), fc.tuple(severity, fc.object({ maxDepth: 1 }))),
      fc.array(fc.oneof(value, fc.object({ maxDepth: 1 }), fc.array(value)), { maxLength: 3 }),
    );
    const rules = likely(
      fc.dictionary(fc.constantFrom("a/b", "c/d", "__proto__", ""), setting),
      fc.oneof(value, fc.array(value)),
    );
    const strings = likely(fc.array(fc.string(), { maxLength: 2 }), fc.oneof(value, fc.array(value, { maxLength: 2 })));
    const config = fc.record(
      {
        extends: likely(fc.constantFrom("recommended", "strict", "all"), value),
        targets: likely(
          fc.subarray(["codex", "claude-code", "gemini-cli"]),
          fc.oneof(fc.array(value, { maxLength: 3 }), value),
        ),
        rules,
        overrides: likely(
          fc.array(fc.record({ files: strings, rules, other: value }, { requiredKeys: ["files"] }), { maxLength: 2 }),
          value,
        ),
        ignorePatterns: strings,
        snapshot: value,
      },
      { requiredKeys: [] },
    );
    let plain = 0;
    fc.assert(
      fc.property(config, (data) => {
        if (!isPlainLintConfig(data)) return true;
        plain++;
        return schema(data) === true;
      }),
      { numRuns: 10_000, seed: 20261202 },
    );
    // The generator reaches both answers, so the property is not vacuous.
    expect(plain).toBeGreaterThan(100);
  });

  it("changes no answer of validateLintConfig", () => {
    for (const [, data] of [...PLAIN, ...ASK_AJV]) {
      const r = validateLintConfig(data, lintRulesById, "promptc.yaml");
      // No data at all is the defaults.
      const rejected = (data !== null && !schema(data)) || r.diagnostics.some((d) => d.rule === "meta/invalid-options");
      expect(r.value === undefined).toBe(rejected);
    }
  });
});
