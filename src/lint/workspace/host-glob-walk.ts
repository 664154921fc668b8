// fast-glob over the Host: a readdir adapter that records unreadable folders and names holding a newline, and
// the walk below such names that fast-glob's matchers cannot do. Does IO through the Host.
import type { FileSystemAdapter } from "fast-glob";
import type { Host } from "../../host/host.js";
import { joinPath } from "../../discover/paths.js";
import { globToRegExp } from "../glob-to-regexp.js";
import { relativeTo } from "./relative-to.js";

/** Dirent-like entries for fast-glob from the Host's readDir (fast-glob calls it with `withFileTypes`). */
export function hostFsAdapter(
  host: Host,
  root: string,
  unreadable: Map<string, string>,
  newline: Set<string>,
): Partial<FileSystemAdapter> {
  const readdirSync = ((path: string, options?: { withFileTypes?: boolean }) => {
    const abs = path.startsWith("/") ? path : joinPath(root, path);
    const listed = host.readDir(abs);
    if (!listed.ok) {
      unreadable.set(relativeTo(root, abs), listed.error.code);
      throw Object.assign(new Error(listed.error.message), { code: listed.error.code });
    }
    for (const e of listed.value) if (e.name.includes("\n")) newline.add(relativeTo(root, joinPath(abs, e.name)));
    const entries = listed.value.filter((e) => !e.name.includes("\n"));
    if (!options?.withFileTypes) return entries.map((e) => e.name);
    return entries.map((e) => ({
      name: e.name,
      isFile: () => e.kind === "file",
      isDirectory: () => e.kind === "directory",
      isSymbolicLink: () => e.kind === "symlink",
      isBlockDevice: () => false,
      isCharacterDevice: () => false,
      isFIFO: () => false,
      isSocket: () => false,
    }));
  }) as unknown as FileSystemAdapter["readdirSync"];
  return { readdirSync };
}

/** Newline-safe matching: the glob matchers stop at a newline, so paths are matched with it swapped out. */
const NEWLINE_STAND_IN = "\uE000";

/** Files at or below entries whose names hold a newline, matched against `globs` minus `ignore` (Host reads only). */
export function walkNewlineEntries(
  host: Host,
  root: string,
  starts: ReadonlySet<string>,
  globs: readonly string[],
  ignore: readonly string[],
  already: readonly string[],
): string[] {
  if (starts.size === 0) return [];
  const want = globs.map((g) => globToRegExp(g));
  const skip = ignore.map((g) => globToRegExp(g));
  const matches = (rel: string): boolean => {
    const p = rel.replaceAll("\n", NEWLINE_STAND_IN);
    return want.some((re) => re.test(p)) && !skip.some((re) => re.test(p));
  };
  const seen = new Set(already);
  const out: string[] = [];
  const stack = [...starts].sort();
  while (stack.length > 0) {
    const rel = stack.pop() as string;
    const st = host.lstat(joinPath(root, rel));
    if (!st.ok) continue;
    if (st.value.kind === "file") {
      if (matches(rel) && !seen.has(rel)) out.push(rel);
      continue;
    }
    if (st.value.kind !== "directory" || skip.some((re) => re.test(`${rel.replaceAll("\n", NEWLINE_STAND_IN)}/x`)))
      continue;
    const listed = host.readDir(joinPath(root, rel));
    if (listed.ok) for (const e of listed.value) stack.push(`${rel}/${e.name}`);
  }
  return out.sort();
}
