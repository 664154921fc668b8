// How a known read-only command runs unconfined (no bubblewrap) without starting a program that its configuration,
// its environment or its startup files name: git gets settings that name no program, shells read no startup file,
// and every command gets an environment kept to names that change no program's behaviour. Pure.
import { shellScriptCommands } from "../policy/is-known-safe-command.js";

/**
 * What a known-safe command's environment keeps: the names that only locate the user or the locale. Everything else
 * is dropped, because a variable can make a read-only program run code: LD_PRELOAD and LD_LIBRARY_PATH (the dynamic
 * loader), BASH_ENV, ENV and BASH_FUNC_* (shell startup), GIT_DIR, GIT_CONFIG_* and GIT_EXTERNAL_DIFF (git),
 * RIPGREP_CONFIG_PATH (rg's --pre), GCONV_PATH (iconv modules), PAGER and the like.
 */
const KEPT_NAMES = new Set([
  "HOME",
  "USER",
  "USERNAME",
  "LOGNAME",
  "TMPDIR",
  "TEMP",
  "TMP",
  "LANG",
  "LANGUAGE",
  "TERM",
  "TZ",
  "COLUMNS",
  "LINES",
  "NO_COLOR",
]);
const KEPT_PATTERN = /^LC_[A-Z]+$/;

export function knownSafeEnvironment(
  env: { readonly [name: string]: string },
  path: string,
): { [name: string]: string } {
  const kept: { [name: string]: string } = {};
  for (const [name, value] of Object.entries(env))
    if (KEPT_NAMES.has(name) || KEPT_PATTERN.test(name)) kept[name] = value;
  return { ...kept, PATH: path };
}

/**
 * A shell's arguments that read no startup file: a login shell (`-lc`) reads ~/.profile and the like, which may sit
 * inside the writable roots; zsh reads ~/.zshenv even when not interactive. `args` passed isKnownSafeCommand.
 */
export function shellWithoutStartupFiles(shell: string, args: readonly string[]): string[] {
  const script = args[1] ?? "";
  if (shell === "bash") return ["--noprofile", "--norc", "-c", script];
  if (shell === "zsh") return ["-f", "-c", script];
  return ["-c", script];
}

/** Why a known-safe shell script cannot run unconfined, or undefined: git inside it cannot be given GIT_SETTINGS. */
export function shellScriptRefusal(args: readonly string[]): string | undefined {
  return shellScriptCommands(args[1] ?? "").some((words) => words[0] === "git")
    ? "git inside a shell script cannot be given the settings that keep it from starting programs; run git directly"
    : undefined;
}

/** What git must know of the repository it runs in: found beforehand by a git run with GIT_ENVIRONMENT. */
export interface GitRepositoryFacts {
  /** Absolute; pinned with GIT_DIR so that nothing written meanwhile changes which repository git opens. */
  gitDir: string;
  workTree: string;
  /** Every configuration name git reads there (`git config --list --name-only`, lower-case section and key). */
  configNames: readonly string[];
}

/**
 * For every git run in the fallback: no system or user configuration (the repository's own is overridden below), no
 * optional index write (so no index hook), no transport at all (a partial clone's lazy fetch would run ssh, a
 * remote helper or `remote.<name>.uploadpack`; an empty GIT_ALLOW_PROTOCOL beats every `protocol.<name>.allow`).
 */
export const GIT_ENVIRONMENT: { readonly [name: string]: string } = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_ATTR_NOSYSTEM: "1",
  GIT_OPTIONAL_LOCKS: "0",
  GIT_ALLOW_PROTOCOL: "",
  GIT_NO_LAZY_FETCH: "1",
  GIT_TERMINAL_PROMPT: "0",
};

/** Settings that name a program, each set on git's command line (which wins over every configuration file). */
export const GIT_SETTINGS: readonly (readonly [key: string, value: string])[] = [
  // A hook that reports changed files: status, diff and ls-files run it.
  ["core.fsmonitor", "false"],
  // Hooks (status may write the index, which runs post-index-change): a folder that holds none.
  ["core.hooksPath", "/dev/null"],
  // Pagers (also switched off by --no-pager, which beats pager.<command>).
  ["core.pager", "cat"],
  // External diff programs (also --no-ext-diff, which covers diff.<driver>.command).
  ["diff.external", ""],
  // Signature checks run gpg.program for log.showSignature, --show-signature and %G? in any format or pretty alias.
  ["gpg.program", "false"],
  ["gpg.ssh.program", "false"],
  ["gpg.x509.program", "false"],
  // Helpers for transports, which GIT_ALLOW_PROTOCOL already refuses.
  ["core.sshCommand", "false"],
  ["core.askPass", ""],
  ["credential.helper", ""],
  // Submodules are diffed by a git run inside them, whose configuration was not read.
  ["diff.submodule", "short"],
  ["status.submoduleSummary", "false"],
];

/**
 * `<section>.<name>.<key>` settings of drivers a .gitattributes line selects by name, and what each present one is set
 * to: an empty filter is no filter; an empty textconv is an error, so `cat` (the file unconverted) stands in.
 */
const DRIVER_COMMANDS: readonly (readonly [pattern: RegExp, value: string])[] = [
  [/^filter\..+\.(clean|smudge|process)$/, ""],
  [/^diff\..+\.command$/, ""],
  [/^diff\..+\.textconv$/, "cat"],
];
/** Configuration that reads other files: they may be files the tools can change while git runs. */
const INCLUDES = /^(include\.path|includeif\..+\.path)$/;
/** Options added after the subcommand: textconv and external diffs off, submodules left alone. */
const SUBCOMMAND_OPTIONS: { readonly [subcommand: string]: readonly string[] } = {
  diff: ["--no-textconv", "--no-ext-diff", "--ignore-submodules=all"],
  log: ["--no-textconv", "--no-ext-diff"],
  show: ["--no-textconv", "--no-ext-diff"],
  blame: ["--no-textconv"],
  status: ["--ignore-submodules=all"],
};
/** Long options that run git inside submodules (git takes any unique prefix of a long option). */
const SUBMODULE_OPTIONS = ["recurse-submodules", "submodule"];

export type GitLaunch = { ok: true; args: string[]; env: { [name: string]: string } } | { ok: false; reason: string };

/** `args` (after `git`) passed isKnownSafeCommand; `env` is the command's environment (knownSafeEnvironment). */
export function gitWithoutPrograms(
  args: readonly string[],
  repo: GitRepositoryFacts,
  env: { readonly [name: string]: string },
): GitLaunch {
  const include = repo.configNames.find((n) => INCLUDES.test(n));
  if (include !== undefined)
    return {
      ok: false,
      reason: `the repository's configuration includes other files (${include}), which tools may change while git runs`,
    };
  let i = 0;
  while (args[i] === "--no-pager" || args[i] === "-P") i++;
  const subcommand = args[i]!;
  const rest = args.slice(i + 1);
  const end = rest.indexOf("--");
  const options = end === -1 ? rest : rest.slice(0, end);
  const submodule = options.find((a) => {
    const given = a.startsWith("--") ? a.slice(2).split("=", 1)[0]! : "";
    return given !== "" && SUBMODULE_OPTIONS.some((o) => o.startsWith(given));
  });
  if (submodule !== undefined) return { ok: false, reason: `${submodule} runs git inside submodules` };
  const drivers = new Map<string, string>();
  for (const name of repo.configNames)
    for (const [pattern, value] of DRIVER_COMMANDS) if (pattern.test(name)) drivers.set(name, value);
  // `-c name=value` splits at the first `=`: a driver named with one cannot be overridden there.
  const unsettable = [...drivers.keys()].find((n) => n.includes("="));
  if (unsettable !== undefined)
    return { ok: false, reason: `the driver setting ${unsettable} has a name git's -c cannot override` };
  const settings = [...GIT_SETTINGS.map(([k, v]) => `${k}=${v}`), ...[...drivers].map(([n, v]) => `${n}=${v}`)];
  return {
    ok: true,
    args: [
      "--no-pager",
      ...settings.flatMap((s) => ["-c", s]),
      subcommand,
      ...(SUBCOMMAND_OPTIONS[subcommand] ?? []),
      ...rest,
    ],
    env: { ...gitEnvironment(env), GIT_DIR: repo.gitDir, GIT_WORK_TREE: repo.workTree },
  };
}

/** The environment of a git run in the fallback (before the repository is pinned). */
export function gitEnvironment(env: { readonly [name: string]: string }): { [name: string]: string } {
  return { ...env, ...GIT_ENVIRONMENT };
}

/** The `-c` arguments of the fixed settings, for git runs that inspect the repository. */
export function gitSettingArgs(): string[] {
  return GIT_SETTINGS.flatMap(([k, v]) => ["-c", `${k}=${v}`]);
}
