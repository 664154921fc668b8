// fast-glob's answer for the plain patterns lint builds itself (literal names, `*` inside a name, whole `**`
// segments), walked through the Host without building fast-glob's matchers: that was ~8 ms of a 5-file lint.
// Same options as discover-lint-targets gives fast-glob (dot, symlinks listed and not followed, folders left out,
// unique, ignore globs `…/**` pruning folders) and the same order (its tasks, breadth-first, the Host's order).
// Any other pattern is not plain: the caller keeps fast-glob for it. Does IO through the Host.
import type { Host } from "../../host/host.js";
import { joinPath } from "../../discover/paths.js";

/** Characters fast-glob's matcher may read as syntax (braces, classes, extglobs, negation, escapes, quotes). */
const SYNTAX = /[?[\]{}()!+@|\\^$,"'`]/;

/** Segments of a plain pattern, or undefined when fast-glob could read more into it than this walk does. */
function plainSegments(glob: string): string[] | undefined {
  const segments = glob.split("/");
  for (const s of segments)
    if (s === "" || s === "." || s === ".." || SYNTAX.test(s) || (s !== "**" && s.includes("**"))) return undefined;
  return segments;
}

function segmentSource(segment: string): string {
  return segment
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
    .join("[^/]*");
}

/** A plain pattern as a RegExp source over walked paths (which never hold empty, `.` or `..` segments). */
function patternSource(segments: readonly string[]): string {
  let re = "";
  segments.forEach((s, i) => {
    const last = i === segments.length - 1;
    if (s !== "**") re += segmentSource(s) + (last ? "" : "/");
    else if (!last) re += "(?:[^/]+/)*";
    // A trailing `/**` also matches the folder itself (fast-glob prunes `dist/**` at `dist`).
    else re = `${re.slice(0, -1)}(?:/.*)?`;
  });
  return `^${re}$`;
}

/** The literal folder a pattern starts from ("" = the root), as fast-glob groups its tasks. */
function baseOf(segments: readonly string[]): string {
  const i = segments.findIndex((s) => s.includes("*"));
  return segments.slice(0, i).join("/");
}

/**
 * Paths under `root` matching `globs` and no `ignore` glob, as fast-glob lists them (see the header); undefined
 * when a glob is not plain (a name with syntax, a static pattern, an ignore glob not ending in `/**`) or a base
 * folder has no `base/**` pattern (fast-glob would not read every folder below it). Unreadable
 * folders go to `unreadable` and names holding a newline to `newline` (left out), as hostFsAdapter records them.
 */
export function walkPlainGlobs(
  host: Host,
  root: string,
  globs: readonly string[],
  ignore: readonly string[],
  unreadable: Map<string, string>,
  newline: Set<string>,
): string[] | undefined {
  const positive: { base: string; source: string; deep: boolean }[] = [];
  for (const g of globs) {
    const segments = plainSegments(g);
    if (segments === undefined || !g.includes("*") || (segments.length === 1 && segments[0] === "**")) return undefined;
    const base = baseOf(segments);
    if (base === "__proto__") return undefined;
    // `base/**/…` makes fast-glob read every folder below base (a pattern like `docs/*.md` alone reads one level).
    const deep = segments[base === "" ? 0 : base.split("/").length] === "**";
    positive.push({ base, source: patternSource(segments), deep });
  }
  const negative: string[] = [];
  for (const g of ignore) {
    const segments = plainSegments(g);
    if (segments === undefined || segments.length < 2 || segments.at(-1) !== "**") return undefined;
    negative.push(patternSource(segments));
  }
  const ignored = negative.length > 0 ? new RegExp(negative.join("|")) : undefined;
  // fast-glob walks once from the root when a pattern starts there, else once per base folder (its key order).
  const groups: { [base: string]: (typeof positive)[number][] } = {};
  if (positive.some((p) => p.base === "")) groups[""] = positive;
  else for (const p of positive) (groups[p.base] ??= []).push(p);
  const tasks: { base: string; matches: RegExp }[] = [];
  for (const base of Object.keys(groups)) {
    const group = groups[base] as (typeof positive)[number][];
    if (!group.some((p) => p.deep)) return undefined;
    tasks.push({ base, matches: new RegExp(group.map((p) => p.source).join("|")) });
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const task of tasks) {
    const queue = [task.base];
    for (let q = 0; q < queue.length; q++) {
      const dir = queue[q] as string;
      const listed = host.readDir(dir === "" ? root : joinPath(root, dir));
      if (!listed.ok) {
        unreadable.set(dir, listed.error.code);
        continue;
      }
      for (const e of listed.value) {
        const rel = dir === "" ? e.name : `${dir}/${e.name}`;
        if (e.name.includes("\n")) {
          newline.add(rel);
          continue;
        }
        const skipped = ignored?.test(rel) === true;
        if (e.kind === "directory") {
          if (!skipped) queue.push(rel);
        } else if (!skipped && !seen.has(rel) && task.matches.test(rel)) {
          seen.add(rel);
          out.push(rel);
        }
      }
    }
  }
  return out;
}
