// Issue 14 (Found, high): argv a read-only "known safe" classifier let through. GNU getopt accepts unique
// abbreviations of long options and attached values of short ones; a program is what its path names, not its base name.
import { describe, expect, it } from "vitest";
import { isKnownSafeCommand } from "../../src/loop/policy/is-known-safe-command.js";

describe("isKnownSafeCommand against hostile argv", () => {
  it.each<[string, string[]]>([
    ["an abbreviated --compress-program runs a program", ["sort", "-S", "64K", "--compress-prog=sh", "payload"]],
    ["an abbreviation with its value as the next word", ["sort", "--compress-p", "sh", "payload"]],
    ["-o with its value attached writes a file", ["sort", "-of", "/etc/hostname"]],
    ["-o inside a cluster of flags writes a file", ["sort", "-rof", "x"]],
    ["an abbreviated --output writes a file", ["sort", "--outp=f", "x"]],
    ["the same inside a shell script", ["bash", "-c", "sort -of x y"]],
    ["file --compile abbreviated", ["file", "--compi", "-m", "AGENTS.md"]],
    ["a workspace script named like a safe command", ["./tools/ls"]],
    ["a relative path named like a safe command", ["tools/cat", "x"]],
    ["an absolute path outside the system directories", ["/tmp/ls"]],
    ["an option the classifier does not know", ["ls", "--some-future-option"]],
    ["git's -c runs configured programs", ["git", "-c", "core.pager=sh", "log"]],
    ["git log --output abbreviated", ["git", "log", "--outp=x"]],
    ["rg --pre abbreviated", ["rg", "--pr", "sh", "x"]],
    ["find -fprint writes", ["find", ".", "-fprint", "out"]],
  ])("refuses: %s", (_why, argv) => {
    expect(isKnownSafeCommand(argv)).toBe(false);
  });

  it.each<[string[]]>([
    [["ls", "-la"]],
    [["/usr/bin/ls", "-l", "src"]],
    [["sort", "-rn", "x"]],
    [["sort", "-k", "2", "-t", ",", "x"]],
    [["grep", "-rn", "needle", "."]],
    [["git", "log", "--oneline", "-n", "3"]],
    [["bash", "-lc", "git status && ls"]],
  ])("still allows %j", (argv) => {
    expect(isKnownSafeCommand(argv)).toBe(true);
  });
});
