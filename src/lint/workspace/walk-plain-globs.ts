// fast-glob's answer for the plain patterns lint builds itself (literal names, `*` inside a name, whole `**`
// segments), walked through the Host and matched segment by segment: building fast-glob's matchers (and V8
// compiling their regular expressions) was most of a 5-file lint's walk. Same options as discover-lint-targets
// gives fast-glob (dot, symlinks listed and not followed, folders left out, unique, ignore globs `…/**` pruning
// folders) and the same order (its tasks, breadth-first, the Host's order). Any other pattern, and a name holding a
// line break its matchers treat apart, is left to fast-glob (undefined). Does IO through the Host.
import type { Host } from "../../host/host.js";
import { joinPath } from "../../discover/paths.js";

/** Characters fast-glob's matcher may read as syntax (braces, classes, extglobs, negation, escapes, quotes). */
const SYNTAX = /[?[\]{}()!+@|\\^$,"'`]/;
/** Line breaks other than `\n`: fast-glob's `**` and `*` at a name's start do not match them (`.` in its regexps). */
const LINE_BREAK = /[\r\u2028\u2029]/;
const GLOBSTAR = Symbol("**");

/** A literal name, the pieces of a name around its `*`s, or `**` (any number of folders). */
type Segment = string | readonly string[] | typeof GLOBSTAR;

/** Segments of a plain pattern, or undefined when fast-glob could read more into it than this walk does. */
function plainSegments(glob: string): Segment[] | undefined {
  const out: Segment[] = [];
  for (const s of glob.split("/")) {
    if (s === "" || s === "." || s === ".." || SYNTAX.test(s) || LINE_BREAK.test(s) || s.includes("\n"))
      return undefined;
    if (s === "**") out.push(GLOBSTAR);
    else if (s.includes("**")) return undefined;
    else out.push(s.includes("*") ? s.split("*") : s);
  }
  return out;
}

function matchesName(segment: string | readonly string[], name: string): boolean {
  if (typeof segment === "string") return segment === name;
  const first = segment[0] as string;
  const last = segment[segment.length - 1] as string;
  let at = first.length;
  const end = name.length - last.length;
  if (end < at || !name.startsWith(first) || !name.endsWith(last)) return false;
  for (let i = 1; i < segment.length - 1; i++) {
    const piece = segment[i] as string;
    const found = name.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}

/** Whether `path` (its names) matches `pattern` from segment `p` and name `n` on. */
function matchesFrom(pattern: readonly Segment[], p: number, path: readonly string[], n: number): boolean {
  for (; p < pattern.length; p++, n++) {
    const segment = pattern[p] as Segment;
    if (segment === GLOBSTAR) {
      for (let k = n; k <= path.length; k++) if (matchesFrom(pattern, p + 1, path, k)) return true;
      return false;
    }
    if (n >= path.length || !matchesName(segment, path[n] as string)) return false;
  }
  return n === path.length;
}

/** The literal folder a pattern starts from ("" = the root), as fast-glob groups its tasks. */
function baseOf(segments: readonly Segment[]): string[] {
  const base: string[] = [];
  for (const s of segments) {
    if (typeof s !== "string") break;
    base.push(s);
  }
  return base;
}

interface Pattern {
  segments: readonly Segment[];
  /** The last segment, checked first: most names match no pattern's. */
  name: Segment;
}

/**
 * Paths under `root` matching `globs` and no `ignore` glob, as fast-glob lists them (see the header); undefined
 * when a glob is not plain (a name with syntax, a static pattern, an ignore glob not ending in `/**`), a base
 * folder has no `base/**` pattern (fast-glob would not read every folder below it) or a walked name holds a line
 * break other than `\n`. Unreadable folders go to `unreadable` and names holding a newline to `newline` (left
 * out), as hostFsAdapter records them; nothing is recorded when the answer is undefined.
 */
export function walkPlainGlobs(
  host: Host,
  root: string,
  globs: readonly string[],
  ignore: readonly string[],
  unreadable: Map<string, string>,
  newline: Set<string>,
): string[] | undefined {
  const positive: { base: string; pattern: Pattern; deep: boolean }[] = [];
  for (const g of globs) {
    const segments = plainSegments(g);
    if (segments === undefined || !g.includes("*") || (segments.length === 1 && segments[0] === GLOBSTAR))
      return undefined;
    const base = baseOf(segments);
    const key = base.join("/");
    if (key === "__proto__") return undefined;
    // `base/**/…` makes fast-glob read every folder below base (a pattern like `docs/*.md` alone reads one level).
    const deep = segments[base.length] === GLOBSTAR;
    positive.push({ base: key, pattern: { segments, name: segments[segments.length - 1] as Segment }, deep });
  }
  const negative: (readonly Segment[])[] = [];
  for (const g of ignore) {
    const segments = plainSegments(g);
    if (segments === undefined || segments.length < 2 || segments[segments.length - 1] !== GLOBSTAR) return undefined;
    negative.push(segments);
  }
  const ignored = (path: readonly string[]): boolean => negative.some((s) => matchesFrom(s, 0, path, 0));
  // fast-glob walks once from the root when a pattern starts there, else once per base folder (its key order).
  const groups: { [base: string]: Pattern[] } = {};
  if (positive.some((p) => p.base === "")) groups[""] = positive.map((p) => p.pattern);
  else for (const p of positive) (groups[p.base] ??= []).push(p.pattern);
  for (const base of Object.keys(groups)) if (!positive.some((p) => p.base === base && p.deep)) return undefined;
  const foundUnreadable = new Map<string, string>();
  const foundNewline = new Set<string>();
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [base, patterns] of Object.entries(groups)) {
    const queue: { rel: string; names: string[] }[] = [{ rel: base, names: base === "" ? [] : base.split("/") }];
    for (let q = 0; q < queue.length; q++) {
      const dir = queue[q] as { rel: string; names: string[] };
      const listed = host.readDir(dir.rel === "" ? root : joinPath(root, dir.rel));
      if (!listed.ok) {
        foundUnreadable.set(dir.rel, listed.error.code);
        continue;
      }
      for (const e of listed.value) {
        const rel = dir.rel === "" ? e.name : `${dir.rel}/${e.name}`;
        if (e.name.includes("\n")) {
          foundNewline.add(rel);
          continue;
        }
        if (LINE_BREAK.test(e.name)) return undefined;
        const names = [...dir.names, e.name];
        if (e.kind === "directory") {
          if (!ignored(names)) queue.push({ rel, names });
        } else if (
          !seen.has(rel) &&
          patterns.some(
            (p) => (p.name === GLOBSTAR || matchesName(p.name, e.name)) && matchesFrom(p.segments, 0, names, 0),
          ) &&
          !ignored(names)
        ) {
          seen.add(rel);
          out.push(rel);
        }
      }
    }
  }
  for (const [rel, code] of foundUnreadable) unreadable.set(rel, code);
  for (const rel of foundNewline) newline.add(rel);
  return out;
}
