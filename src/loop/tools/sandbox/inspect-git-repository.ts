// Finds the repository a fallback git command would open and the configuration names git reads there, by git runs
// that can start no program (GIT_ENVIRONMENT and GIT_SETTINGS); refuses a git folder the tools can write. Does IO.
import { execFile } from "node:child_process";
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { type GitRepositoryFacts, gitEnvironment, gitSettingArgs } from "../../sandbox/known-safe-launch.js";
import { writeRefusal } from "./real-paths.js";

const run = promisify(execFile);
/** Two quick reads; the margin is for a busy machine, not for the work. */
const INSPECT_TIMEOUT_MS = 30_000;

export type GitInspection = { ok: true; repo: GitRepositoryFacts } | { ok: false; reason: string };

export async function inspectGitRepository(
  git: string,
  cwd: string,
  env: { readonly [name: string]: string },
  writableRoots: readonly string[],
): Promise<GitInspection> {
  const base = gitEnvironment(env);
  const options = { cwd, encoding: "utf8" as const, timeout: INSPECT_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 };
  let lines: string[];
  try {
    const found = await run(
      git,
      ["--no-pager", ...gitSettingArgs(), "rev-parse", "--absolute-git-dir", "--git-common-dir", "--show-toplevel"],
      { ...options, env: base },
    );
    lines = found.stdout.split("\n");
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    return { ok: false, reason: `git cannot find a work tree here: ${stderr || String(err)}` };
  }
  const [gitDir = "", commonDir = "", workTree = ""] = lines;
  for (const dir of new Set([gitDir, resolve(cwd, commonDir)])) {
    let real: string;
    try {
      real = realpathSync(dir);
    } catch {
      return { ok: false, reason: `the git folder ${dir} cannot be resolved` };
    }
    if (writeRefusal(real, writableRoots) === undefined)
      return {
        ok: false,
        reason: `${dir} is a git folder the tools can write, so its configuration could change while git runs`,
      };
  }
  try {
    const names = await run(git, ["--no-pager", ...gitSettingArgs(), "config", "--list", "--name-only", "-z"], {
      ...options,
      env: { ...base, GIT_DIR: gitDir, GIT_WORK_TREE: workTree },
    });
    return { ok: true, repo: { gitDir, workTree, configNames: names.stdout.split("\0").filter((n) => n !== "") } };
  } catch (err) {
    return { ok: false, reason: `git cannot read the repository's configuration: ${String(err)}` };
  }
}
