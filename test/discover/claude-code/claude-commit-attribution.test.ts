import { describe, expect, it } from "vitest";
import { claudeAttribution } from "../../../src/discover/claude-code/resolve-claude-model.js";

describe("claudeAttribution", () => {
  it.each<[string, { [key: string]: unknown }[], ReturnType<typeof claudeAttribution>]>([
    ["Claude Code's own lines when nothing says otherwise", [{}], {}],
    ["both off with includeCoAuthoredBy false", [{ includeCoAuthoredBy: false }], { commit: false, pr: false }],
    ["the commit part off with an empty attribution.commit", [{ attribution: { commit: "" } }], { commit: false }],
    ["the user's commit text", [{ attribution: { commit: "Signed: me" } }], { commit: "Signed: me" }],
    ["the user's pull-request text", [{ attribution: { pr: "x" } }], { pr: "x" }],
    ["commitTrailers first", [{ attribution: { commitTrailers: false, commit: "x" } }], { commit: false }],
    ["the strongest file's key", [{ includeCoAuthoredBy: true }, { includeCoAuthoredBy: false }], {}],
  ])("%s", (_name, layers, expected) => {
    expect(claudeAttribution(layers)).toEqual(expected);
  });
});
