// A path as path.resolve makes it, without resolve's work for the paths a run mostly asks about: absolute already,
// with no `.` or `..` segment, doubled or trailing separator. The watchers ask it of every call (record-run.ts).
import { resolve } from "node:path";
import { isNormalAbsolute } from "../../host/is-normal-absolute.js";

export function absolutePath(path: string): string {
  return isNormalAbsolute(path) ? path : resolve(path);
}
