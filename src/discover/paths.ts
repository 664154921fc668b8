// POSIX path helpers for discovery (paths come from the Host as absolute POSIX strings).
// Pure (the memo below only remembers answers).

/**
 * Answers already given, as the very strings given. Every launch folder of a deep tree walks the same ancestors
 * and joins the same names to them; a path string hashed once keeps its hash, so with the same string objects each
 * step of such a walk (and each caching-host lookup of its result) costs the same at depth 400 as at depth 4,
 * instead of a pass over a path thousands of characters long. Bounded: forgotten wholesale when it grows past
 * PATH_MEMO_MAX_ENTRIES.
 */
const PATH_MEMO_MAX_ENTRIES = 200_000;
let parents = new Map<string, string>();
let joined = new Map<string, Map<string, string>>();
let normal = new Set<string>();
let memoEntries = 0;

function remembered(): void {
  if (++memoEntries <= PATH_MEMO_MAX_ENTRIES) return;
  parents = new Map();
  joined = new Map();
  normal = new Set();
  memoEntries = 0;
}

export function joinPath(dir: string, ...names: string[]): string {
  // One name at a time: normalizing each step gives what normalizing the whole join gives.
  let out = normalizePath(dir);
  for (const name of names) out = joinOne(out, name);
  return out;
}

function joinOne(dir: string, name: string): string {
  let byName = joined.get(dir);
  const known = byName?.get(name);
  if (known !== undefined) return known;
  let out: string;
  if (dir !== "." && isPlainName(name)) {
    // A normal folder and one plain name make a normal path: no pass over the (deep) whole to check it.
    out = dir.endsWith("/") ? dir + name : `${dir}/${name}`;
    normal.add(out);
  } else out = normalizePath(name.startsWith("/") ? name : dir.endsWith("/") ? dir + name : `${dir}/${name}`);
  remembered();
  byName = joined.get(dir);
  if (byName === undefined) {
    byName = new Map();
    joined.set(dir, byName);
  }
  byName.set(name, out);
  return out;
}

/** One segment that normalizing leaves as it is: not empty, `.` or `..`, no `/`. */
function isPlainName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && !name.includes("/");
}

/** A `.` or `..` segment, an empty segment (`//`) or a trailing `/`: what normalizing can change. */
const NOT_NORMAL = /(?:^|\/)\.{1,2}(?:\/|$)|\/\/|.\/$/;

/** Collapses `//`, `.` and `..` segments; keeps a leading `/`. */
export function normalizePath(path: string): string {
  if (normal.has(path)) return path;
  // Discovery normalizes every path it builds, and nearly all are already normal: skip split and join.
  if (path !== "" && path !== "/" && !NOT_NORMAL.test(path)) {
    normal.add(path);
    remembered();
    return path;
  }
  return collapseSegments(path);
}

/** normalizePath's general step, without the shortcut for paths that are already normal. */
export function collapseSegments(path: string): string {
  const absolute = path.startsWith("/");
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
      else if (!absolute) parts.push("..");
      continue;
    }
    parts.push(part);
  }
  const body = parts.join("/");
  return absolute ? `/${body}` : body || ".";
}

export function dirnameOf(path: string): string {
  const known = parents.get(path);
  if (known !== undefined) return known;
  const p = normalizePath(path);
  const i = p.lastIndexOf("/");
  const parent = i <= 0 ? (p.startsWith("/") ? "/" : ".") : p.slice(0, i);
  parents.set(path, parent);
  remembered();
  return parent;
}

export function basenameOf(path: string): string {
  const p = normalizePath(path);
  return p.slice(p.lastIndexOf("/") + 1);
}

/** `path` itself first, then each parent up to `/` (like Rust's `Path::ancestors`). */
export function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  let cur = normalizePath(path);
  for (;;) {
    out.push(cur);
    const parent = dirnameOf(cur);
    if (parent === cur) return out;
    cur = parent;
  }
}

/** Directories from `root` down to `leaf`, both inclusive; `leaf` must be `root` or below it. */
export function pathFromRootTo(root: string, leaf: string): string[] {
  const chain: string[] = [];
  for (const dir of ancestorsOf(leaf)) {
    chain.push(dir);
    if (dir === normalizePath(root)) return chain.reverse();
  }
  return [normalizePath(leaf)];
}

/** Resolves `path` against `base` (absolute `path` wins); expands a leading `~/` with `home`. */
export function resolvePath(base: string, path: string, home?: string): string {
  if (home && (path === "~" || path.startsWith("~/"))) return joinPath(home, path.slice(2));
  return path.startsWith("/") ? normalizePath(path) : joinPath(base, path);
}
