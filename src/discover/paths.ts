// POSIX path helpers for discovery (paths come from the Host as absolute POSIX strings).
// Pure.

export function joinPath(dir: string, ...names: string[]): string {
  let out = dir;
  for (const name of names) {
    if (name.startsWith("/")) out = name;
    else out = out.endsWith("/") ? out + name : `${out}/${name}`;
  }
  return normalizePath(out);
}

/** A `.` or `..` segment, an empty segment (`//`) or a trailing `/`: what normalizing can change. */
const NOT_NORMAL = /(?:^|\/)\.{1,2}(?:\/|$)|\/\/|.\/$/;

/** Collapses `//`, `.` and `..` segments; keeps a leading `/`. */
export function normalizePath(path: string): string {
  // Discovery normalizes every path it builds, and nearly all are already normal: skip split and join.
  if (path !== "" && path !== "/" && !NOT_NORMAL.test(path)) return path;
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
  const p = normalizePath(path);
  const i = p.lastIndexOf("/");
  if (i <= 0) return p.startsWith("/") ? "/" : ".";
  return p.slice(0, i);
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
