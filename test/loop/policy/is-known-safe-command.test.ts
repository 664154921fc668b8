import { describe, expect, it } from "vitest";
import { isKnownSafeCommand } from "../../../src/loop/policy/is-known-safe-command.js";

describe("isKnownSafeCommand", () => {
  it.each<[string[], boolean]>([
    [["ls"], true],
    [["/bin/cat", "a"], true],
    [["git", "status"], true],
    [["git", "push"], false],
    [["git", "diff", "--output=x"], false],
    [["find", ".", "-name", "*.ts"], true],
    [["find", ".", "-delete"], false],
    [["sed", "-n", "1,5p", "f"], true],
    [["sed", "-i", "s/a/b/", "f"], false],
    [["rg", "--pre", "sh", "x"], false],
    [["bash", "-lc", "ls && cat a | wc -l"], true],
    [["bash", "-lc", "ls > out"], false],
    [["bash", "-lc", "echo $(rm x)"], false],
    [["rm", "-rf", "/"], false],
    [["printenv"], false],
    [[], false],
  ])("%j → %s", (argv, expected) => {
    expect(isKnownSafeCommand(argv)).toBe(expected);
  });
});
