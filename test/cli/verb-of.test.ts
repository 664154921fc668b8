import { describe, expect, it } from "vitest";
import { verbOf } from "../../src/cli/verb-of.js";

describe("verbOf", () => {
  it.each([
    [[], undefined],
    [["--help"], undefined],
    [["--version"], undefined],
    [["preview", "hi"], "preview"],
    [["--no-color", "lint", "."], "lint"],
    [["help", "preview"], "preview"],
    [["help"], "help"],
    [["preview", "help"], "preview"],
    [["frobnicate"], "frobnicate"],
  ])("reads %j as the verb %j", (argv, verb) => {
    expect(verbOf(argv)).toBe(verb);
  });
});
