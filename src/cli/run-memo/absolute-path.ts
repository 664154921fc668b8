// A path as path.resolve makes it, without resolve's work for the paths a run mostly asks about: absolute already,
// with no `.` or `..` segment, doubled or trailing separator. The watchers ask it of every call (record-run.ts).
import { resolve } from "node:path";

// `[^]`, not `.`: a name may end in a line break before a trailing separator.
const NOT_AS_RESOLVED = /\/\/|\/\.\.?(?:\/|$)|[^]\/$/;

export function absolutePath(path: string): string {
  return path.charCodeAt(0) === 47 && !NOT_AS_RESOLVED.test(path) ? path : resolve(path);
}
