// The read-only programs and, for each, the options it is known to have that only read (GNU spellings). Data, pure.
// An option not listed here makes a command unknown: the table lists what is safe, never what is dangerous.
import type { OptionArity, OptionTable } from "./parse-command-options.js";

const none = (...names: string[]): { [name: string]: OptionArity } => Object.fromEntries(names.map((n) => [n, "none" as const]));
const req = (...names: string[]): { [name: string]: OptionArity } => Object.fromEntries(names.map((n) => [n, "required" as const]));
const opt = (...names: string[]): { [name: string]: OptionArity } => Object.fromEntries(names.map((n) => [n, "optional" as const]));
const INFO = none("help", "version");

/** Where a program must live to be judged by its name (after symlinks are resolved). */
export const SYSTEM_BIN_DIRS: readonly string[] = ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"];

export const SAFE_PROGRAM_OPTIONS: { readonly [program: string]: OptionTable } = {
  cat: { flags: "AbeEnstTuv", long: { ...INFO, ...none("show-all", "number-nonblank", "show-ends", "number", "squeeze-blank", "show-tabs", "show-nonprinting") } },
  head: { flags: "qvz", valued: "cn", numericShort: true, long: { ...INFO, ...req("bytes", "lines"), ...none("quiet", "silent", "verbose", "zero-terminated") } },
  tail: {
    flags: "fFqvz",
    valued: "cns",
    numericShort: true,
    long: { ...INFO, ...req("bytes", "lines", "sleep-interval", "pid", "max-unchanged-stats"), ...opt("follow"), ...none("quiet", "silent", "verbose", "zero-terminated", "retry") },
  },
  ls: {
    flags: "aAbBcCdfFgGhHiklLmnNopqQrRsStuUvxXZ1",
    valued: "IwT",
    long: {
      ...INFO,
      ...none("all", "almost-all", "author", "escape", "ignore-backups", "directory", "dired", "file-type", "full-time", "group-directories-first", "no-group", "human-readable", "si"),
      ...none("dereference-command-line", "dereference-command-line-symlink-to-dir", "inode", "kibibytes", "dereference", "numeric-uid-gid", "literal", "hide-control-chars"),
      ...none("show-control-chars", "quote-name", "reverse", "recursive", "size", "context", "zero"),
      ...req("block-size", "format", "hide", "indicator-style", "ignore", "quoting-style", "sort", "time", "time-style", "tabsize", "width"),
      ...opt("color", "classify", "hyperlink"),
    },
  },
  grep: {
    flags: "EFGPiyvwxcLloqsbHhnTZzUarRI",
    valued: "efmABCdD",
    numericShort: true,
    long: {
      ...INFO,
      ...none("extended-regexp", "fixed-strings", "basic-regexp", "perl-regexp", "ignore-case", "no-ignore-case", "word-regexp", "line-regexp", "null-data", "no-messages"),
      ...none("invert-match", "byte-offset", "line-number", "line-buffered", "with-filename", "no-filename", "only-matching", "quiet", "silent", "text", "recursive"),
      ...none("dereference-recursive", "files-without-match", "files-with-matches", "count", "initial-tab", "null", "binary"),
      ...req("regexp", "file", "max-count", "label", "binary-files", "directories", "devices", "include", "exclude", "exclude-from", "exclude-dir", "before-context", "after-context", "context"),
      ...opt("color", "colour"),
    },
  },
  // ripgrep parses its own options (no abbreviations); --pre, --hostname-bin and -z/--search-zip run programs.
  rg: {
    flags: "iSFwxvnNlcoqHIuUsL0.",
    valued: "egtTmABCfrMdj",
    long: {
      ...INFO,
      ...none("ignore-case", "smart-case", "case-sensitive", "fixed-strings", "word-regexp", "line-regexp", "invert-match", "line-number", "no-line-number", "files-with-matches"),
      ...none("files-without-match", "count", "count-matches", "only-matching", "quiet", "with-filename", "no-filename", "no-ignore", "hidden", "follow", "null", "json", "vimgrep"),
      ...none("heading", "no-heading", "column", "no-messages", "files", "type-list", "multiline", "unrestricted", "no-ignore-vcs", "stats", "trim", "pcre2", "sort-files", "text", "binary"),
      ...req("regexp", "glob", "iglob", "type", "type-not", "max-count", "after-context", "before-context", "context", "file", "replace", "max-columns", "max-depth", "threads", "sort", "sortr", "color", "colors", "max-filesize", "encoding", "context-separator", "field-match-separator"),
    },
  },
  wc: { flags: "clmwL", long: { ...INFO, ...none("bytes", "chars", "lines", "words", "max-line-length"), ...req("total", "files0-from") } },
  nl: { flags: "p", valued: "bdfhilnsvw", long: { ...INFO, ...req("body-numbering", "section-delimiter", "footer-numbering", "header-numbering", "line-increment", "join-blank-lines", "number-format", "number-separator", "starting-line-number", "number-width"), ...none("no-renumber") } },
  uname: { flags: "asnrvmpio", long: { ...INFO, ...none("all", "kernel-name", "nodename", "kernel-release", "kernel-version", "machine", "processor", "hardware-platform", "operating-system") } },
  id: { flags: "agGnruzZ", long: { ...INFO, ...none("group", "groups", "name", "real", "user", "zero", "context") } },
  whoami: { flags: "", long: INFO },
  which: { flags: "as", long: {} },
  stat: { flags: "LfFt", valued: "c", long: { ...INFO, ...none("dereference", "file-system", "terse"), ...req("format", "printf", "cached") } },
  du: {
    flags: "0abcDhHklLmsSxP",
    valued: "dBtX",
    long: { ...INFO, ...none("all", "apparent-size", "bytes", "total", "dereference-args", "human-readable", "si", "inodes", "dereference", "count-links", "no-dereference", "null", "separate-dirs", "summarize", "one-file-system"), ...req("block-size", "max-depth", "threshold", "time-style", "exclude", "exclude-from"), ...opt("time") },
  },
  // df's --output names columns, not a file.
  df: { flags: "ahHiklPTv", valued: "Btx", long: { ...INFO, ...none("all", "human-readable", "si", "inodes", "local", "portability", "print-type", "total", "sync", "no-sync"), ...req("block-size", "type", "exclude-type"), ...opt("output") } },
  cut: { flags: "snz", valued: "bcdf", long: { ...INFO, ...req("bytes", "characters", "delimiter", "fields", "output-delimiter"), ...none("complement", "only-delimited", "zero-terminated") } },
  tr: { flags: "cCdst", long: { ...INFO, ...none("complement", "delete", "squeeze-repeats", "truncate-set1") } },
  diff: {
    flags: "abBdEiNpqrstTuwyZ",
    valued: "CUIxXSW",
    long: {
      ...INFO,
      ...none("brief", "report-identical-files", "recursive", "new-file", "ignore-case", "ignore-all-space", "ignore-space-change", "ignore-blank-lines", "text", "normal", "side-by-side"),
      ...none("suppress-common-lines", "show-c-function", "minimal", "strip-trailing-cr", "no-dereference", "expand-tabs", "initial-tab"),
      ...req("exclude", "exclude-from", "label", "from-file", "to-file", "width", "ignore-matching-lines"),
      ...opt("unified", "context", "color"),
    },
  },
  basename: { flags: "az", valued: "s", long: { ...INFO, ...none("multiple", "zero"), ...req("suffix") } },
  dirname: { flags: "z", long: { ...INFO, ...none("zero") } },
  realpath: { flags: "eLmPqsz", long: { ...INFO, ...none("canonicalize-existing", "canonicalize-missing", "logical", "physical", "quiet", "strip", "no-symlinks", "zero"), ...req("relative-to", "relative-base") } },
  // Not --output / -o (writes a file) nor --compress-program (runs one).
  sort: {
    flags: "bdfgiMhnRrVcCmsuz",
    valued: "kStT",
    long: {
      ...INFO,
      ...none("ignore-leading-blanks", "dictionary-order", "ignore-case", "general-numeric-sort", "ignore-nonprinting", "month-sort", "human-numeric-sort", "numeric-sort", "random-sort"),
      ...none("reverse", "version-sort", "merge", "stable", "unique", "zero-terminated", "debug"),
      ...req("sort", "key", "buffer-size", "field-separator", "temporary-directory", "parallel", "random-source", "batch-size", "files0-from"),
      ...opt("check"),
    },
  },
  // Not -s / --set; an operand that is not +FORMAT sets the clock (checked by the caller).
  date: { flags: "uR", valued: "dfr", long: { ...INFO, ...req("date", "file", "reference", "rfc-3339"), ...none("utc", "universal", "rfc-email", "debug"), ...opt("iso-8601") } },
  // Not -o (writes a file).
  tree: { flags: "adlfxipsughDFvtrcCnNQ", valued: "LPI", long: { ...INFO, ...none("noreport", "dirsfirst", "du", "prune", "gitignore", "matchdirs", "ignore-case"), ...req("charset", "filelimit") } },
  // A second operand is an output file (checked by the caller).
  uniq: { flags: "cdDiuz", valued: "fsw", long: { ...INFO, ...none("count", "repeated", "ignore-case", "unique", "zero-terminated"), ...req("skip-fields", "skip-chars", "check-chars"), ...opt("all-repeated", "group") } },
  // Not -C / --compile (writes a .mgc file), not -z / -Z (runs decompressors).
  file: {
    flags: "bcdEhiklLNnprsSv0",
    valued: "mfFeP",
    long: { ...INFO, ...none("brief", "mime", "mime-type", "mime-encoding", "dereference", "no-dereference", "keep-going", "raw", "special-files", "extension", "apple", "print0", "no-pad"), ...req("separator", "magic-file", "files-from", "exclude", "exclude-quiet", "parameter") },
  },
  // Print their arguments or nothing; options they do not know are printed or ignored.
  echo: { flags: "neE", long: {} },
  true: { flags: "", long: {} },
  false: { flags: "", long: {} },
  pwd: { flags: "LP", long: {} },
  // A shell builtin (only meaningful inside `sh -c`).
  cd: { flags: "LPe", long: {} },
};

/** find's expression words that only test or print, with how many arguments each takes. */
export const SAFE_FIND_PRIMARIES: { readonly [word: string]: number } = {
  ...Object.fromEntries(
    ["-print", "-print0", "-ls", "-prune", "-depth", "-xdev", "-mount", "-follow", "-empty", "-readable", "-writable", "-executable", "-true", "-false", "-nouser", "-nogroup", "-daystart", "-noleaf", "-o", "-or", "-a", "-and", "-not", "!", "(", ")", ","].map((w) => [w, 0]),
  ),
  ...Object.fromEntries(
    ["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-lname", "-ilname", "-regex", "-iregex", "-regextype", "-type", "-xtype", "-maxdepth", "-mindepth", "-size", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-newer", "-anewer", "-cnewer", "-perm", "-user", "-group", "-uid", "-gid", "-links", "-inum", "-samefile", "-printf", "-used", "-fstype"].map((w) => [w, 1]),
  ),
};
/** find's options before the start points. */
export const SAFE_FIND_LEADING = new Set(["-H", "-L", "-P"]);
