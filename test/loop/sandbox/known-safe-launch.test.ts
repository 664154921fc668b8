import { describe, expect, it } from "vitest";
import {
  GIT_ENVIRONMENT,
  gitWithoutPrograms,
  knownSafeEnvironment,
  shellScriptRefusal,
  shellWithoutStartupFiles,
} from "../../../src/loop/sandbox/known-safe-launch.js";

const repo = (configNames: string[] = []) => ({ gitDir: "/r/.git", workTree: "/r", configNames });
/** The `-c` settings of a launch, in order. */
const settingsOf = (args: readonly string[]) => args.flatMap((a, i) => (args[i - 1] === "-c" ? [a] : []));

describe("knownSafeEnvironment", () => {
  it("keeps only names that locate the user or the locale, and the given PATH", () => {
    const env = {
      HOME: "/h",
      LANG: "C.UTF-8",
      LC_ALL: "C",
      TERM: "dumb",
      PATH: "/w/bin:/usr/bin",
      LD_PRELOAD: "/w/evil.so",
      LD_LIBRARY_PATH: "/w",
      BASH_ENV: "/w/rc",
      ENV: "/w/rc",
      "BASH_FUNC_ls%%": "() { :; }",
      SHELLOPTS: "xtrace",
      PS4: "$(x)",
      GIT_DIR: "/elsewhere",
      GIT_CONFIG_PARAMETERS: "'core.pager=x'",
      GIT_EXTERNAL_DIFF: "x",
      PAGER: "x",
      RIPGREP_CONFIG_PATH: "/w/rg",
      GCONV_PATH: "/w",
      MY_SETTING: "x",
    };
    expect(knownSafeEnvironment(env, "/usr/bin")).toEqual({
      HOME: "/h",
      LANG: "C.UTF-8",
      LC_ALL: "C",
      TERM: "dumb",
      PATH: "/usr/bin",
    });
  });
});

describe("shellWithoutStartupFiles", () => {
  it.each([
    ["bash", ["-lc", "ls"], ["--noprofile", "--norc", "-c", "ls"]],
    ["bash", ["-c", "ls"], ["--noprofile", "--norc", "-c", "ls"]],
    ["zsh", ["-lc", "ls"], ["-f", "-c", "ls"]],
    ["sh", ["-lc", "ls"], ["-c", "ls"]],
  ])("runs %s %j as %j", (shell, args, expected) => expect(shellWithoutStartupFiles(shell, args)).toEqual(expected));
});

describe("shellScriptRefusal", () => {
  it.each([
    [["-c", "git status"], true],
    [["-lc", "ls && git diff"], true],
    [["-c", "ls | grep git"], false],
    [["-c", "cat notes.txt"], false],
  ])("%j refused: %s", (args, refused) => expect(shellScriptRefusal(args) !== undefined).toBe(refused));
});

describe("gitWithoutPrograms", () => {
  it("runs the subcommand after --no-pager and the settings that name no program, in the pinned repository", () => {
    const launch = gitWithoutPrograms(["-P", "diff", "--stat"], repo(), { HOME: "/h", PATH: "/usr/bin" });
    expect(launch).toEqual({
      ok: true,
      args: expect.arrayContaining([]),
      env: { HOME: "/h", PATH: "/usr/bin", ...GIT_ENVIRONMENT, GIT_DIR: "/r/.git", GIT_WORK_TREE: "/r" },
    });
    if (!launch.ok) return;
    expect(launch.args[0]).toBe("--no-pager");
    expect(launch.args.slice(launch.args.indexOf("diff"))).toEqual([
      "diff",
      "--no-textconv",
      "--no-ext-diff",
      "--ignore-submodules=all",
      "--stat",
    ]);
    expect(settingsOf(launch.args)).toEqual([
      "core.fsmonitor=false",
      "core.hooksPath=/dev/null",
      "core.pager=cat",
      "diff.external=",
      "gpg.program=false",
      "gpg.ssh.program=false",
      "gpg.x509.program=false",
      "core.sshCommand=false",
      "core.askPass=",
      "credential.helper=",
      "diff.submodule=short",
      "status.submoduleSummary=false",
    ]);
  });

  it.each([
    ["status", ["status", "--ignore-submodules=all"]],
    ["log", ["log", "--no-textconv", "--no-ext-diff"]],
    ["show", ["show", "--no-textconv", "--no-ext-diff"]],
    ["blame", ["blame", "--no-textconv"]],
    ["ls-files", ["ls-files"]],
    ["branch", ["branch"]],
    ["rev-parse", ["rev-parse"]],
  ])("gives %s the options that switch off textconv, external diffs and submodules", (sub, expected) => {
    const launch = gitWithoutPrograms([sub], repo(), {});
    expect(launch.ok && launch.args.slice(launch.args.indexOf(sub))).toEqual(expected);
  });

  it("overrides every driver command the configuration names: filters empty, textconv cat", () => {
    const launch = gitWithoutPrograms(
      ["status"],
      repo([
        "core.bare",
        "filter.lfs.clean",
        "filter.lfs.smudge",
        "filter.lfs.process",
        "filter.lfs.required",
        "diff.Conv.textconv",
        "diff.a.b.command",
        "diff.conv.binary",
        "alias.status",
        "pager.status",
      ]),
      {},
    );
    expect(launch.ok && settingsOf(launch.args).slice(-5)).toEqual([
      "filter.lfs.clean=",
      "filter.lfs.smudge=",
      "filter.lfs.process=",
      "diff.Conv.textconv=cat",
      "diff.a.b.command=",
    ]);
  });

  it.each([
    [["status"], ["include.path"], /includes other files \(include\.path\)/],
    [["log"], ["includeif.gitdir:/r/.path"], /includes other files/],
    [["status"], ["filter.a=b.clean"], /has a name git's -c cannot override/],
    [["ls-files", "--recurse-submodules"], [], /--recurse-submodules runs git inside submodules/],
    [["ls-files", "--recurse"], [], /runs git inside submodules/],
    [["log", "-p", "--submodule=diff"], [], /--submodule=diff runs git inside submodules/],
  ])("refuses git %j with configuration %j", (args, names, reason) => {
    const launch = gitWithoutPrograms(args, repo(names), {});
    expect(launch.ok ? "ran" : launch.reason).toMatch(reason);
  });

  it("leaves paths after -- alone (a file may be named like an option)", () => {
    const launch = gitWithoutPrograms(["log", "--", "--submodule"], repo(), {});
    expect(launch.ok && launch.args.slice(-2)).toEqual(["--", "--submodule"]);
  });
});
