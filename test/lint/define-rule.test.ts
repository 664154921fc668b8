// defineRule: fills in the metadata a rule leaves at its default, keeps what it states, refuses malformed rules.
import { describe, expect, it } from "vitest";
import { defineRule, NO_OPTIONS } from "../../src/lint/define-rule.js";

const base = {
  description: "d",
  rationale: "r",
  defaultSeverity: "warn" as const,
  basis: "heuristic" as const,
  sources: [],
  messages: { m: "message" },
};

describe("defineRule", () => {
  it("fills in every file kind, every harness, no fix and no options when the rule leaves them out", () => {
    const rule = defineRule({ id: "test/defaults", meta: base, check() {} });
    expect(rule.meta).toEqual({
      ...base,
      appliesTo: [],
      targets: [],
      fixable: "none",
      optionsSchema: NO_OPTIONS,
      defaultOptions: {},
    });
  });

  it("keeps what the rule states", () => {
    const stated = {
      appliesTo: ["skill"] as const,
      targets: ["codex"] as const,
      fixable: "safe" as const,
      optionsSchema: { type: "object" },
      defaultOptions: { max: 3 },
    };
    const rule = defineRule({ id: "test/stated", meta: { ...base, ...stated }, check() {} });
    expect(rule.meta).toEqual({ ...base, ...stated });
  });

  it.each([
    ["a malformed id", { id: "Not An Id", meta: base }, "rule id 'Not An Id' is not family/kebab-name"],
    [
      "an empty message table",
      { id: "test/empty", meta: { ...base, messages: {} } },
      "rule test/empty has no messages",
    ],
  ])("throws on %s", (_name, rule, message) => {
    expect(() => defineRule({ ...rule, check() {} })).toThrow(message);
  });
});
