// Recognises argv commands that only read (ls, cat, grep, git status …): the fallback when no OS sandbox can start,
// and what untrusted mode runs without asking. Pure. Conservative: an option not known to be read-only, a program
// named by a path outside the system directories, or a kernel interface as an argument makes a command unknown.
import { parseCommandOptions, type OptionTable } from "./parse-command-options.js";
import { SAFE_FIND_LEADING, SAFE_FIND_PRIMARIES, SAFE_PROGRAM_OPTIONS, SYSTEM_BIN_DIRS } from "./safe-command-table.js";

const SAFE_GIT_SUBCOMMANDS = new Set(["status", "log", "diff", "show", "branch", "rev-parse", "ls-files", "blame"]);
/** Long options of git's read commands that write a file or run a program; git accepts any unique prefix of them. */
const UNSAFE_GIT_LONG = ["output", "ext-diff", "textconv", "exec", "open-files-in-pager", "contents"];
/** `git branch` only lists with these; any other argument names a branch to create, move or delete. */
const GIT_BRANCH_LIST_OPTIONS = new Set([
  "--list",
  "-l",
  "-a",
  "--all",
  "-r",
  "--remotes",
  "-v",
  "-vv",
  "--verbose",
  "--show-current",
  "--no-color",
  "--color",
  "--contains",
  "--merged",
  "--no-merged",
]);
const SED_PRINT_SCRIPT = /^\d+(,\d+)?p$/;
/** Kernel interfaces: /proc/<pid>/environ of another process holds its secrets, whatever the tool's own environment. */
const KERNEL_PATH = /(^|=)\/+(proc|sys|dev)(\/|$)/;

export function isKnownSafeCommand(argv: readonly string[]): boolean {
  const [program, ...args] = argv;
  if (program === undefined) return false;
  const name = programName(program);
  if (name === undefined) return false;
  if (args.some((a) => KERNEL_PATH.test(a) && a !== "/dev/null")) return false;
  switch (name) {
    case "bash":
    case "sh":
    case "zsh":
      return isSafeShellScript(args);
    case "find":
      return isSafeFind(args);
    case "sed":
      // Only `sed -n N[,M]p [file…]`: any other option or script could write (`w file`, `-i`).
      return args[0] === "-n" && SED_PRINT_SCRIPT.test(args[1] ?? "") && args.slice(2).every((a) => !a.startsWith("-"));
    case "git":
      return isSafeGit(args);
    default: {
      const table: OptionTable | undefined = Object.hasOwn(SAFE_PROGRAM_OPTIONS, name)
        ? SAFE_PROGRAM_OPTIONS[name]
        : undefined;
      if (!table) return false;
      const parsed = parseCommandOptions(args, table);
      if (!parsed.ok) return false;
      if (name === "uniq") return parsed.operands.length <= 1;
      if (name === "date") return parsed.operands.every((o) => o.startsWith("+"));
      return true;
    }
  }
}

/**
 * The name a program is judged by: a bare name (looked up in PATH by the caller, which passes the real path when it
 * matters), or an absolute path directly inside a system directory. `./tools/ls` is not `ls`.
 */
function programName(program: string): string | undefined {
  if (!program.includes("/")) return program;
  const slash = program.lastIndexOf("/");
  const dir = program.slice(0, slash).replace(/\/+$/, "") || "/";
  return SYSTEM_BIN_DIRS.includes(dir) ? program.slice(slash + 1) : undefined;
}

function isSafeFind(args: readonly string[]): boolean {
  let i = 0;
  while (i < args.length && SAFE_FIND_LEADING.has(args[i]!)) i++;
  // Start points: everything before the first word that begins an expression.
  while (i < args.length && !args[i]!.startsWith("-") && args[i] !== "(" && args[i] !== "!") i++;
  while (i < args.length) {
    const word = args[i]!;
    if (!Object.hasOwn(SAFE_FIND_PRIMARIES, word)) return false;
    i += 1 + SAFE_FIND_PRIMARIES[word]!;
  }
  return i === args.length;
}

function isSafeGit(args: readonly string[]): boolean {
  let i = 0;
  while (args[i] === "--no-pager" || args[i] === "-P") i++;
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (sub === undefined || !SAFE_GIT_SUBCOMMANDS.has(sub)) return false;
  for (const a of rest) {
    if (a === "--") break;
    if (a.startsWith("--")) {
      const given = a.slice(2).split("=", 1)[0]!;
      if (given === "" || UNSAFE_GIT_LONG.some((o) => o.startsWith(given))) return false;
    } else if (a === "-o") return false;
  }
  return sub !== "branch" || rest.every((a) => GIT_BRANCH_LIST_OPTIONS.has(a));
}

/** `bash -lc "a && b | c"`: safe when every simple command is safe and nothing redirects, backgrounds or substitutes. */
function isSafeShellScript(args: readonly string[]): boolean {
  if (args.length !== 2 || (args[0] !== "-lc" && args[0] !== "-c")) return false;
  const script = args[1] ?? "";
  if (/[<>`$(){};\\]|\n/.test(script)) return false;
  // A lone `&` runs what precedes it in the background and starts a new command after it.
  if (/&/.test(script.replace(/&&/g, ""))) return false;
  // Words are looked up by name in the shell's PATH: only bare names count (the caller keeps PATH to system folders).
  return shellScriptCommands(script).every(
    (words) =>
      words[0] !== "" && !/["']/.test(words.join(" ")) && !words[0]!.includes("/") && isKnownSafeCommand(words),
  );
}

/** The simple commands of a script without quotes or substitutions (`a -x && b | c`), each as its words. */
export function shellScriptCommands(script: string): string[][] {
  return script.split(/&&|\|\||\|/).map((c) => c.trim().split(/\s+/));
}
