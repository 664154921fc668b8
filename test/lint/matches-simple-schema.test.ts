import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesSimpleSchema } from "../../src/lint/matches-simple-schema.js";
import { lintRules } from "../../src/lint/rules/index.js";

const ajv = new Ajv({ allErrors: true, strict: false });
const LIMIT = { type: "object", additionalProperties: false, properties: { max: { type: "integer", minimum: 0 } } };

const CASES: [string, object, unknown, boolean][] = [
  ["an integer in range", LIMIT, { max: 3 }, true],
  ["no options", LIMIT, {}, true],
  ["a negative integer", LIMIT, { max: -1 }, false],
  ["a fraction for an integer", LIMIT, { max: 1.5 }, false],
  ["an unknown option", LIMIT, { mux: 1 }, false],
  ["a string for a number", LIMIT, { max: "3" }, false],
  ["an array for an object", LIMIT, [], false],
  ["null for an object", LIMIT, null, false],
  ["a list of strings", { type: "array", items: { type: "string" } }, ["a", "b"], true],
  ["a list with a number", { type: "array", items: { type: "string" } }, ["a", 1], false],
  ["above a maximum", { type: "number", maximum: 100 }, 101, false],
  ["a missing required key", { type: "object", required: ["a"] }, {}, false],
  ["a keyword it does not know", { type: "string", pattern: "^a" }, "a", false],
  ["a type it does not know", { type: "null" }, null, false],
  ["extra keys where they are allowed", { type: "object", properties: {} }, { x: 1 }, true],
];

describe("matchesSimpleSchema", () => {
  it.each(CASES)("%s", (_, schema, data, expected) => {
    expect(matchesSimpleSchema(schema, data)).toBe(expected);
    if (expected) expect(ajv.validate(schema, data)).toBe(true);
  });

  it("accepts every rule's default options where its schema uses only the keywords it knows", () => {
    const simple = lintRules.filter((r) => matchesSimpleSchema(r.meta.optionsSchema, r.meta.defaultOptions));
    // Every rule with options of the usual kind skips ajv.
    expect(simple.length).toBeGreaterThan(10);
  });

  it("accepts nothing a rule's schema rejects (generated options for every rule, fixed seed)", () => {
    const leaf = fc.oneof(
      fc.integer({ min: -3, max: 200 }),
      fc.double({ noNaN: false }),
      fc.boolean(),
      fc.string({ maxLength: 3 }),
      fc.constant(null),
    );
    const value = fc.oneof(leaf, fc.array(leaf, { maxLength: 3 }));
    let accepted = 0;
    for (const rule of lintRules) {
      const schema = rule.meta.optionsSchema as object;
      const validate = ajv.compile(schema);
      const keys = Object.keys((schema as { properties?: object }).properties ?? {});
      const options = fc.dictionary(fc.constantFrom(...keys, "other"), value, { maxKeys: 3 });
      fc.assert(
        fc.property(fc.oneof(options, value), (data) => {
          if (!matchesSimpleSchema(schema, data)) return true;
          accepted++;
          return validate(data) === true;
        }),
        { numRuns: 300, seed: 20261202 },
      );
    }
    expect(accepted).toBeGreaterThan(100);
  });
});
