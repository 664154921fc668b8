import { describe, expect, it } from "vitest";
import { buildToolSpecs, obj } from "../../src/profiles/tool-declaration.js";
import { codexToolDeclarations } from "../../src/profiles/codex-tools.js";
import { DEFAULT_PROSE } from "../../src/profiles/default-prose.generated.js";
import type { ProseSet } from "../../src/fragments/prose-set.js";
import { makeTurnContext } from "../compile/make-turn-context.js";

describe("buildToolSpecs", () => {
  it("emits keys in Codex's order with properties sorted and descriptions after type", () => {
    const prose: ProseSet = {
      profile: "t",
      toolsOrigin: "stand-in",
      entries: {},
      tools: { t: { description: "D", parameters: { b: "B", a: "A", "a.x": "AX" } } },
    };
    const decl = {
      type: "function" as const,
      name: "t",
      parameters: obj(
        { b: { type: "string", enum: ["x"] }, a: { type: "array", items: obj({ x: { type: "number" } }, ["x"]) } },
        ["b"],
      ),
    };
    expect(JSON.stringify(buildToolSpecs([decl], prose))).toBe(
      JSON.stringify({
        tools: [
          {
            type: "function",
            name: "t",
            description: "D",
            strict: false,
            parameters: {
              type: "object",
              properties: {
                a: {
                  type: "array",
                  description: "A",
                  items: {
                    type: "object",
                    properties: { x: { type: "number", description: "AX" } },
                    required: ["x"],
                    additionalProperties: false,
                  },
                },
                b: { type: "string", description: "B", enum: ["x"] },
              },
              required: ["b"],
              additionalProperties: false,
            },
          },
        ],
        diagnostics: [],
      }),
    );
  });

  it("describes every codex tool parameter from the bundled stand-in prose", () => {
    const r = buildToolSpecs(codexToolDeclarations(makeTurnContext().permissions), DEFAULT_PROSE["codex"]!);
    expect(r.diagnostics).toEqual([]);
  });

  it("reports a missing description", () => {
    const r = buildToolSpecs([{ type: "function", name: "x", parameters: obj({}, []) }], {
      profile: "t",
      toolsOrigin: "stand-in",
      entries: {},
      tools: {},
    });
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["template/missing-tool-description"]);
  });
});
