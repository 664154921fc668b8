// What each node:fs function means to a watched run (watch-fs.ts): which only look, and how; which change the
// file system; which work on an open descriptor. A function in none of these refuses the memo. Pure.
import type { LookKind } from "./look.js";

/** Functions that take a path first and only look: their path is `stat`-ed before the call. */
export const READS = new Set([
  "readFileSync",
  "readdirSync",
  "existsSync",
  "opendirSync",
  "readFile",
  "readdir",
  "exists",
  "opendir",
]);
/** stat calls: their answer is handed back watched (the fields read of it are the look). */
export const STATS: { [name: string]: "stat" | "lstat" } = {
  statSync: "stat",
  lstatSync: "lstat",
  stat: "stat",
  lstat: "lstat",
};
/** Stats' time fields as Dates, kept as their milliseconds. */
export const DATE_FIELDS: { [name: string]: string } = {
  atime: "atimeMs",
  mtime: "mtimeMs",
  ctime: "ctimeMs",
  birthtime: "birthtimeMs",
};
/** What a run that lists a Stats' own fields has read. */
export const STAT_FIELDS = [
  "dev",
  "ino",
  "mode",
  "nlink",
  "uid",
  "gid",
  "rdev",
  "size",
  "blksize",
  "blocks",
  "atimeMs",
  "mtimeMs",
  "ctimeMs",
  "birthtimeMs",
];
/** Functions that take a path first and only look: their own answer is the look. */
export const LOOKS: { [name: string]: LookKind } = {
  realpathSync: "realpath",
  realpath: "realpath",
  readlinkSync: "readlink",
  readlink: "readlink",
  accessSync: "access",
  access: "access",
};
/** Functions that change the file system at their first path (and, for these two, also the second). */
export const WRITES = new Set([
  "writeFileSync",
  "appendFileSync",
  "mkdirSync",
  "rmSync",
  "rmdirSync",
  "unlinkSync",
  "renameSync",
  "copyFileSync",
  "symlinkSync",
  "linkSync",
  "utimesSync",
  "chmodSync",
  "truncateSync",
  "mkdtempSync",
  "writeFile",
  "appendFile",
  "mkdir",
  "rm",
  "rmdir",
  "unlink",
  "rename",
  "copyFile",
  "symlink",
  "link",
  "utimes",
  "chmod",
  "truncate",
  "mkdtemp",
]);
export const TWO_PATHS = new Set([
  "renameSync",
  "copyFileSync",
  "symlinkSync",
  "linkSync",
  "rename",
  "copyFile",
  "symlink",
  "link",
]);
/**
 * Files whose content changes while their stat stays the same (the kernel's and devices' own): a read of one
 * refuses the memo.
 */
export const PSEUDO_FILES = /^\/(proc|sys|dev)\//;
/** Functions on an open descriptor. */
export const ON_FD = new Set([
  "readSync",
  "fstatSync",
  "closeSync",
  "read",
  "fstat",
  "close",
  "fsyncSync",
  "ftruncateSync",
]);
