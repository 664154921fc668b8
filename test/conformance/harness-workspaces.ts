// Fixture workspaces for the harness conformance tests (Claude Code, pi, Gemini CLI): a tree of files, a git
// history, a HOME with the user's files, built fresh in a temp folder for each run. Does IO (fs, git).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface HarnessWorkspace {
  name: string;
  /** Files relative to the outer folder (`repo/…` is the git work tree when `git` is set). */
  files: { [path: string]: string };
  /** Files relative to HOME. */
  home?: { [path: string]: string };
  /** Make `repo/` a git repository with these commits (each adds the files present then). */
  git?: {
    branch: string;
    user?: string;
    commits: string[];
    originHead?: string;
    untracked?: { [path: string]: string };
  };
  /** Where the agent starts, relative to the outer folder. */
  cwd: string;
  message?: string;
  /** Claude Code: approve imports from outside the cwd in ~/.claude.json (under the git root). */
  approveExternalIncludes?: boolean;
}

export interface BuiltWorkspace {
  root: string;
  home: string;
  cwd: string;
}

function write(base: string, files: { [path: string]: string }): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(base, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

export function buildWorkspace(ws: HarnessWorkspace): BuiltWorkspace {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `promptc-h-${ws.name}-`)));
  const home = join(root, "home");
  mkdirSync(home, { recursive: true });
  write(join(root, "w"), ws.files);
  if (ws.home) write(home, ws.home);
  const repo = join(root, "w", "repo");
  if (ws.git) {
    mkdirSync(repo, { recursive: true });
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        cwd: repo,
        stdio: "ignore",
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, GIT_CONFIG_NOSYSTEM: "1" },
      });
    git("init", "-q", "-b", ws.git.branch);
    git("config", "user.email", "t@example.invalid");
    if (ws.git.user !== undefined) git("config", "user.name", ws.git.user);
    ws.git.commits.forEach((msg, i) => {
      writeFileSync(join(repo, `.commit-${i}`), `${i}\n`);
      git("add", "-A");
      git("-c", "user.name=fixture", "commit", "-q", "-m", msg);
    });
    if (ws.git.originHead) {
      git("update-ref", `refs/remotes/origin/${ws.git.originHead}`, "HEAD");
      git("symbolic-ref", "refs/remotes/origin/HEAD", `refs/remotes/origin/${ws.git.originHead}`);
    }
    if (ws.git.untracked) write(repo, ws.git.untracked);
  }
  if (ws.approveExternalIncludes) {
    const key = ws.git ? repo : join(root, "w", ws.cwd);
    writeFileSync(
      join(home, ".claude.json"),
      JSON.stringify({ projects: { [key]: { hasClaudeMdExternalIncludesApproved: true } } }),
    );
  }
  const cwd = join(root, "w", ws.cwd);
  mkdirSync(cwd, { recursive: true });
  return { root, home, cwd };
}
