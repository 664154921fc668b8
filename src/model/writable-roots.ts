// The writable roots of a turn — what the permissions text tells the model and what `run`'s sandbox enforces —
// computed once: configured roots, cwd, /tmp, $TMPDIR, in Rust's path order, deduplicated. Pure.
import type { PermissionsInfo } from "./turn-context.js";

/** Code-point order (= UTF-8 byte order, unlike `<` on UTF-16 units for astral characters). */
function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return x.length - y.length;
}

/**
 * Rust's `Path` order: component by component, so `/a/x/y` sorts before `/a/x-y` and `/a/x.y` although `/` is
 * the larger byte (checked against 0.171.0). `..` sorts before names; `.` and repeated or trailing `/` vanish.
 */
export function comparePaths(a: string, b: string): number {
  const parts = (p: string) => p.split("/").filter((c) => c !== "" && c !== ".");
  if (a.startsWith("/") !== b.startsWith("/")) return a.startsWith("/") ? -1 : 1;
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as string;
    const q = y[i] as string;
    if (p === q) continue;
    if (p === ".." || q === "..") return p === ".." ? -1 : 1;
    return compareCodePoints(p, q);
  }
  return x.length - y.length;
}

/** Configured roots, cwd, `/tmp` (when it exists), `$TMPDIR` (when set); sorted as Rust sorts paths, deduplicated. */
export function writableRoots(cwd: string, permissions: PermissionsInfo): string[] {
  const roots = [...permissions.configuredWritableRoots, cwd];
  if (permissions.tmpExists) roots.push("/tmp");
  if (permissions.tmpdir !== undefined && permissions.tmpdir !== "") roots.push(permissions.tmpdir);
  const sorted = [...new Set(roots)].sort(comparePaths);
  // Equal paths spelled differently (`/tmp/` and `/tmp`) are one root, as PathBuf equality says.
  return sorted.filter((r, i) => i === 0 || comparePaths(sorted[i - 1] as string, r) !== 0);
}
