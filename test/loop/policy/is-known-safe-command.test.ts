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
    // Writes hidden in otherwise read-only programs or shell scripts: all refused.
    [["bash", "-lc", "ls & rm -rf x"], false],
    [["bash", "-lc", "ls &rm x"], false],
    [["sh", "-c", "echo x > f"], false],
    [["bash", "-lc", "cat a | tee f"], false],
    [["bash", "-lc", "ls\nrm x"], false],
    [["git", "branch"], true],
    [["git", "branch", "--list", "-a"], true],
    [["git", "branch", "feature"], false],
    [["git", "branch", "-D", "main"], false],
    [["git", "commit", "-m", "x"], false],
    [["git", "log", "--output=x"], false],
    [["git", "show", "--ext-diff"], false],
    [["sed", "-n", "1p", "-e", "w out", "f"], false],
    [["sed", "-n", "1p", "--in-place", "f"], false],
    [["sed", "-n", "1p", "a", "b"], true],
    [["sort", "--compress-program=sh", "f"], false],
    [["sort", "-T", "/tmp", "f"], true],
    [["tree", "-o", "out"], false],
    [["tree", "-L", "2"], true],
    [["uniq", "a"], true],
    [["uniq", "a", "b"], false],
    [["uniq", "-c", "a", "b"], false],
    [["file", "-C", "-m", "magic"], false],
    [["tee", "f"], false],
    [["cp", "a", "b"], false],
    [["echo", "x", ">", "f"], true],
  ])("%j → %s", (argv, expected) => {
    expect(isKnownSafeCommand(argv)).toBe(expected);
  });
});
