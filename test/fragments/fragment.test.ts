import { describe, expect, it } from "vitest";
import { combineOrigins } from "../../src/fragments/fragment.js";
import type { ProseOrigin } from "../../src/model/manifest.js";

describe("combineOrigins", () => {
  it.each<[ProseOrigin[], ProseOrigin]>([
    [["user-supplied", "stand-in"], "stand-in"],
    [["stand-in", "user-supplied", "builtin"], "stand-in"],
    [["user-supplied", "builtin"], "user-supplied"],
    [["builtin", "builtin"], "builtin"],
    [["data"], "data"],
    [[], "data"],
  ])("labels %j as %s", (origins, expected) => {
    expect(combineOrigins(origins)).toBe(expected);
  });
});
