// The shell tool's fallback when bubblewrap cannot start: a command runs unconfined only if it is known to be
// read-only, judged by the program's real path, and then in a form that cannot start other programs; does IO.
import { realpathSync } from "node:fs";
import { basename, resolve } from "node:path";
import { isKnownSafeCommand } from "../../policy/is-known-safe-command.js";
import { SYSTEM_BIN_DIRS } from "../../policy/safe-command-table.js";
import {
  gitWithoutPrograms,
  knownSafeEnvironment,
  shellScriptRefusal,
  shellWithoutStartupFiles,
} from "../../sandbox/known-safe-launch.js";
import type { ToolSandbox } from "./create-tool-sandbox.js";
import { inspectGitRepository } from "./inspect-git-repository.js";
import { isWithin, readRefusal, realRoots } from "./real-paths.js";
import type { ResolvedProgram } from "./resolve-program.js";

export type KnownSafeLaunch =
  | { type: "run"; program: string; args: string[]; argv0: string; env: { [name: string]: string } }
  | { type: "refuse"; reason: string };

export async function planKnownSafeLaunch(
  command: readonly string[],
  found: ResolvedProgram,
  cwd: string,
  sandbox: ToolSandbox,
  whyUnconfined: string,
): Promise<KnownSafeLaunch> {
  const [name = "", ...rest] = command;
  const refuse = (why: string): KnownSafeLaunch => ({
    type: "refuse",
    reason: `Tool call refused: ${whyUnconfined}, so only known read-only commands run; ${why}`,
  });
  const writable = realRoots(sandbox.policy.writableRoots);
  if (
    !SYSTEM_BIN_DIRS.some((dir) => isWithin(found.realPath, dir)) ||
    writable.some((root) => isWithin(found.realPath, root))
  )
    return refuse(`${found.realPath} is not a system program`);
  // Judged by the path PATH found (/usr/bin/sh, not the dash it links to); both it and its target are system files.
  if (!isKnownSafeCommand([found.path, ...rest])) return refuse(`${command.join(" ")} is not one of them`);
  const program = basename(found.path);
  const isShell = ["sh", "bash", "zsh"].includes(program);
  // A shell script's words are arguments too; a word the shell would expand cannot be checked before it runs.
  const script = isShell ? (rest[1] ?? "").split(/[\s|&]+/).filter((w) => w !== "") : [];
  if (script.some((w) => /[*?[~]/.test(w))) return refuse("a shell script with a pattern the shell would expand");
  for (const arg of [...rest, ...script]) {
    const real = realPathIfExists(resolve(cwd, arg));
    const why =
      real === undefined ? undefined : real === "/" ? "a command over the whole file system" : readRefusal(real);
    if (why) return refuse(why);
  }
  // PATH is kept to the system folders: a shell script's words are looked up there.
  const path = (sandbox.env.PATH ?? "").split(":").filter((dir) => SYSTEM_BIN_DIRS.includes(dir));
  const env = knownSafeEnvironment(sandbox.env, path.join(":") || SYSTEM_BIN_DIRS.join(":"));
  const launch = { type: "run" as const, program: found.path, argv0: name, env };
  if (isShell) {
    const why = shellScriptRefusal(rest);
    return why ? refuse(why) : { ...launch, args: shellWithoutStartupFiles(program, rest) };
  }
  if (program !== "git") return { ...launch, args: rest };
  const inspected = await inspectGitRepository(found.path, cwd, env, writable);
  if (!inspected.ok) return refuse(inspected.reason);
  const git = gitWithoutPrograms(rest, inspected.repo, env);
  return git.ok ? { ...launch, args: git.args, env: git.env } : refuse(git.reason);
}

function realPathIfExists(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
