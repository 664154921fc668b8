// What a harness reads from git at session start (branch, user, short status, recent commits), as data: the
// probe that runs git lives in host/. Types only (pure).

export interface GitFacts {
  /** `git rev-parse --show-toplevel`. */
  root: string;
  /** In a linked worktree (`git worktree add`): the main work tree's root (the common git dir's folder). */
  mainWorktree?: string;
  /** `git branch --show-current` (empty on a detached HEAD). */
  branch: string;
  /** The branch `origin/HEAD` points at, or undefined without one. */
  originHead?: string;
  /** `git config user.name`, when set. */
  userName?: string;
  /** `git status --short` run in the cwd (paths relative to it), trailing newline removed. */
  status: string;
  /** `git log --oneline -n 5`, trailing newline removed. */
  recentCommits: string;
}
