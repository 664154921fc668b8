import { describe, expect, it } from "vitest";
import { claudeCommitAttribution } from "../../../src/discover/claude-code/resolve-claude-model.js";

describe("claudeCommitAttribution", () => {
  it.each<[string, { [key: string]: unknown }[], ReturnType<typeof claudeCommitAttribution>]>([
    ["on when nothing says otherwise", [{}], {}],
    ["off with includeCoAuthoredBy false", [{ includeCoAuthoredBy: false }], false],
    ["off with an empty attribution.commit", [{ attribution: { commit: "" } }], false],
    ["the user's commit text", [{ attribution: { commit: "Signed: me" } }], { commit: "Signed: me" }],
    ["attribution before includeCoAuthoredBy", [{ includeCoAuthoredBy: false, attribution: { pr: "x" } }], {}],
    ["commitTrailers first", [{ attribution: { commitTrailers: false, commit: "x" } }], false],
    ["the strongest file's key", [{ includeCoAuthoredBy: true }, { includeCoAuthoredBy: false }], {}],
  ])("%s", (_name, layers, expected) => {
    expect(claudeCommitAttribution(layers)).toEqual(expected);
  });
});
