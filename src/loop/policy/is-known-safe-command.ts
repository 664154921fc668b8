// Recognises argv commands that only read (ls, cat, grep, git status …), which run even in a read-only sandbox. Pure.
// Conservative: anything with an option that can write or execute (find -delete, sed -i, git -c …) is not safe.

const ALWAYS_SAFE = new Set(["cat", "cd", "echo", "false", "grep", "head", "id", "ls", "nl", "pwd", "rg", "tail", "true", "uname", "wc", "which", "whoami", "stat", "file", "du", "df", "tree", "sort", "uniq", "cut", "tr", "diff", "basename", "dirname", "realpath", "date"]);

const UNSAFE_FIND_OPTIONS = new Set(["-exec", "-execdir", "-ok", "-okdir", "-delete", "-fls", "-fprint", "-fprint0", "-fprintf"]);
const UNSAFE_RG_OPTIONS = ["--pre", "--hostname-bin", "--search-zip", "-z"];
const SAFE_GIT_SUBCOMMANDS = new Set(["status", "log", "diff", "show", "branch", "rev-parse", "ls-files", "blame"]);

export function isKnownSafeCommand(argv: readonly string[]): boolean {
  const [program, ...args] = argv;
  if (program === undefined) return false;
  const name = program.split("/").pop() ?? program;
  if (name === "bash" || name === "sh" || name === "zsh") return isSafeShellScript(args);
  if (name === "find") return !args.some((a) => UNSAFE_FIND_OPTIONS.has(a));
  if (name === "rg") return !args.some((a) => UNSAFE_RG_OPTIONS.some((o) => a === o || a.startsWith(`${o}=`)));
  if (name === "sed") return args.length >= 2 && args[0] === "-n" && /^\d+(,\d+)?p$/.test(args[1] ?? "") && !args.some((a) => a.startsWith("-i"));
  if (name === "git") return args.length > 0 && SAFE_GIT_SUBCOMMANDS.has(args[0] ?? "") && !args.some((a) => a === "--output" || a.startsWith("--output="));
  if (name === "sort") return !args.some((a) => a === "-o" || a.startsWith("--output"));
  if (name === "date") return !args.some((a) => a === "-s" || a.startsWith("--set"));
  return ALWAYS_SAFE.has(name);
}

/** `bash -lc "a && b | c"`: safe when every simple command is safe and nothing redirects or substitutes. */
function isSafeShellScript(args: readonly string[]): boolean {
  if (args.length !== 2 || (args[0] !== "-lc" && args[0] !== "-c")) return false;
  const script = args[1] ?? "";
  if (/[<>`$(){};\\]|\n/.test(script)) return false;
  const commands = script.split(/&&|\|\||\|/).map((c) => c.trim());
  return commands.every((c) => c !== "" && !/["']/.test(c) && isKnownSafeCommand(c.split(/\s+/)));
}
