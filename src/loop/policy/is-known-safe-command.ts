// Recognises argv commands that only read (ls, cat, grep, git status …), which run even in a read-only sandbox. Pure.
// Conservative: anything with an option that can write or execute (find -delete, sed -i, git -c …) is not safe.

const ALWAYS_SAFE = new Set(["cat", "cd", "echo", "false", "grep", "head", "id", "ls", "nl", "pwd", "rg", "tail", "true", "uname", "wc", "which", "whoami", "stat", "du", "df", "cut", "tr", "diff", "basename", "dirname", "realpath"]);

const UNSAFE_FIND_OPTIONS = new Set(["-exec", "-execdir", "-ok", "-okdir", "-delete", "-fls", "-fprint", "-fprint0", "-fprintf"]);
const UNSAFE_RG_OPTIONS = ["--pre", "--hostname-bin", "--search-zip", "-z"];
const SAFE_GIT_SUBCOMMANDS = new Set(["status", "log", "diff", "show", "branch", "rev-parse", "ls-files", "blame"]);
/** Options that make a read-only git subcommand write a file or run a program. */
const UNSAFE_GIT_OPTIONS = ["--output", "--ext-diff", "--textconv", "--exec", "-o"];
/** `git branch` only lists with these; any other argument names a branch to create, move or delete. */
const GIT_BRANCH_LIST_OPTIONS = new Set(["--list", "-l", "-a", "--all", "-r", "--remotes", "-v", "-vv", "--verbose", "--show-current", "--no-color", "--color", "--contains", "--merged", "--no-merged"]);
const SED_PRINT_SCRIPT = /^\d+(,\d+)?p$/;

export function isKnownSafeCommand(argv: readonly string[]): boolean {
  const [program, ...args] = argv;
  if (program === undefined) return false;
  const name = program.split("/").pop() ?? program;
  const hasOption = (options: readonly string[]) => args.some((a) => options.some((o) => a === o || a.startsWith(`${o}=`)));
  switch (name) {
    case "bash":
    case "sh":
    case "zsh":
      return isSafeShellScript(args);
    case "find":
      return !args.some((a) => UNSAFE_FIND_OPTIONS.has(a));
    case "rg":
      return !hasOption(UNSAFE_RG_OPTIONS);
    case "sed":
      // Only `sed -n N[,M]p [file…]`: any other option or script could write (`w file`, `-i`).
      return args[0] === "-n" && SED_PRINT_SCRIPT.test(args[1] ?? "") && args.slice(2).every((a) => !a.startsWith("-"));
    case "git":
      return isSafeGit(args);
    case "sort":
      return !args.some((a) => a === "-o" || a.startsWith("--output") || a.startsWith("--compress-program"));
    case "date":
      return !args.some((a) => a === "-s" || a.startsWith("--set"));
    case "tree":
      return !args.some((a) => a === "-o" || a.startsWith("-o"));
    case "uniq":
      // `uniq IN OUT` writes OUT: at most one operand.
      return args.filter((a) => !a.startsWith("-")).length <= 1 && !args.some((a) => /^-[fsw]$/.test(a));
    case "file":
      return !args.some((a) => a === "-C" || a === "--compile");
    default:
      return ALWAYS_SAFE.has(name);
  }
}

function isSafeGit(args: readonly string[]): boolean {
  const [sub, ...rest] = args;
  if (sub === undefined || !SAFE_GIT_SUBCOMMANDS.has(sub)) return false;
  if (rest.some((a) => UNSAFE_GIT_OPTIONS.some((o) => a === o || a.startsWith(`${o}=`)))) return false;
  return sub !== "branch" || rest.every((a) => GIT_BRANCH_LIST_OPTIONS.has(a));
}

/** `bash -lc "a && b | c"`: safe when every simple command is safe and nothing redirects, backgrounds or substitutes. */
function isSafeShellScript(args: readonly string[]): boolean {
  if (args.length !== 2 || (args[0] !== "-lc" && args[0] !== "-c")) return false;
  const script = args[1] ?? "";
  if (/[<>`$(){};\\]|\n/.test(script)) return false;
  // A lone `&` runs what precedes it in the background and starts a new command after it.
  if (/&/.test(script.replace(/&&/g, ""))) return false;
  const commands = script.split(/&&|\|\||\|/).map((c) => c.trim());
  return commands.every((c) => c !== "" && !/["']/.test(c) && isKnownSafeCommand(c.split(/\s+/)));
}
