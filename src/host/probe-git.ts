// Runs git in a directory for the facts harnesses show (branch, user, short status, recent commits). IO: spawns
// `git`, synchronously, with a timeout; undefined when the directory is not in a work tree or git is missing.
import { execFileSync } from "node:child_process";
import type { GitFacts } from "../model/git-facts.js";

const TIMEOUT_MS = 5000;

function gitIn(cwd: string, args: string[], home: string | undefined): string | undefined {
  try {
    const env = { ...process.env, GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C", ...(home !== undefined ? { HOME: home } : {}) };
    return execFileSync("git", args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: TIMEOUT_MS,
      env,
    });
  } catch {
    return undefined;
  }
}

const chomp = (s: string | undefined): string => (s ?? "").replace(/\n+$/, "");

/** `home`: the HOME the agent runs with (its global git config decides user.name). */
export function probeGit(cwd: string, home?: string): GitFacts | undefined {
  const git = (c: string, args: string[]) => gitIn(c, args, home);
  const root = git(cwd, ["rev-parse", "--show-toplevel"]);
  if (root === undefined) return undefined;
  const facts: GitFacts = {
    root: chomp(root),
    branch: chomp(git(cwd, ["branch", "--show-current"])),
    status: chomp(git(cwd, ["--no-optional-locks", "status", "--short"])),
    recentCommits: chomp(git(cwd, ["--no-optional-locks", "log", "--oneline", "-n", "5"])),
  };
  const gitDir = chomp(git(cwd, ["rev-parse", "--absolute-git-dir"]));
  const common = chomp(git(cwd, ["rev-parse", "--path-format=absolute", "--git-common-dir"]));
  if (common !== "" && gitDir !== "" && common !== gitDir && common.endsWith("/.git"))
    facts.mainWorktree = common.slice(0, -"/.git".length);
  const head = git(cwd, ["symbolic-ref", "--quiet", "refs/remotes/origin/HEAD"]);
  if (head !== undefined) facts.originHead = chomp(head).replace(/^refs\/remotes\/origin\//, "");
  const user = git(cwd, ["config", "user.name"]);
  if (user !== undefined && chomp(user) !== "") facts.userName = chomp(user);
  return facts;
}
