import { describe, expect, it } from "vitest";
import { collectPinnedBlocks, parsePinSelectors } from "../../src/compact/pinned-blocks.js";
import { agents, env, skill, user } from "./items.js";

describe("parsePinSelectors", () => {
  it("parses fragment ids and skill names", () => {
    expect(parsePinSelectors(["skill", "skill:alpha", "agents-md"])).toEqual({
      value: [{ fragment: "skill" }, { fragment: "skill", name: "alpha" }, { fragment: "agents-md" }],
      diagnostics: [],
    });
  });
  it.each([["nope"], ["skill:"], ["agents-md:x"]])("rejects %j with a diagnostic", (spec) => {
    const result = parsePinSelectors([spec]);
    expect(result.value).toEqual([]);
    expect(result.diagnostics.map((d) => d.rule)).toEqual(["compact/bad-pin"]);
  });
});

describe("collectPinnedBlocks", () => {
  const history = [
    agents("/r", "rules"),
    env("/r"),
    user("go"),
    skill("alpha"),
    skill("beta"),
    user("again"),
    skill("alpha"),
  ];
  it("keeps each pinned block once, at its newest position", () => {
    expect(collectPinnedBlocks(history, [{ fragment: "skill" }])).toEqual([skill("beta"), skill("alpha")]);
  });
  it("narrows skills by name", () => {
    expect(collectPinnedBlocks(history, [{ fragment: "skill", name: "beta" }])).toEqual([skill("beta")]);
  });
  it("pins other fragments", () => {
    expect(collectPinnedBlocks(history, [{ fragment: "agents-md" }])).toEqual([agents("/r", "rules")]);
  });
  it("pins nothing without selectors", () => {
    expect(collectPinnedBlocks(history, [])).toEqual([]);
  });
});
