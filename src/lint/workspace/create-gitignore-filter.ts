// Git's ignore rules over a set of .gitignore files (nested files, negation, directory-only patterns), built on
// the `ignore` package (the matcher ESLint and Prettier use). Pure: the texts come in as data.
import ignore, { type Ignore } from "ignore";

export interface GitignoreSource {
  /** Directory the file applies to, relative to the filter's base ("" = the base itself). */
  dir: string;
  text: string;
}

/** `true` when git would ignore `path` (relative to the base, `/`-separated). */
export type GitignoreFilter = (path: string) => boolean;

/** One .gitignore line re-based onto its directory, so all files can share one matcher (as globby does). */
export function rebaseGitignoreLine(dir: string, raw: string): string | undefined {
  const line = raw.replace(/\r$/, "");
  if (line.trim() === "" || line.startsWith("#")) return undefined;
  if (dir === "") return line;
  const negated = line.startsWith("!");
  const body = negated ? line.slice(1) : line;
  // A slash before the end anchors the pattern to the file's directory; otherwise it matches at any depth below.
  const anchored = body.replace(/\/+$/, "").includes("/");
  const rebased = anchored ? `${dir}/${body.replace(/^\//, "")}` : `${dir}/**/${body}`;
  return negated ? `!${rebased}` : rebased;
}

/**
 * Builds a filter. Sources later in the list win over earlier ones for the same directory (pass
 * `.git/info/exclude` first, then `.gitignore`); deeper directories win over shallower ones, as in git: every
 * line is re-based onto its directory and the lines go into one matcher shallow-first, where the last
 * matching line decides. A path whose parent directory is excluded stays excluded (git never re-includes it).
 */
export function createGitignoreFilter(sources: readonly GitignoreSource[]): GitignoreFilter {
  const ordered = sources
    .map((s, order) => ({ ...s, order }))
    .sort((a, b) => depth(a.dir) - depth(b.dir) || a.order - b.order);
  const lines = ordered.flatMap((s) => s.text.split("\n").flatMap((l) => rebaseGitignoreLine(s.dir, l) ?? []));
  if (lines.length === 0) return () => false;
  const ig: Ignore = ignore({ allowRelativePaths: true }).add(lines);
  return (path) => path !== "" && ig.ignores(path);
}

function depth(dir: string): number {
  return dir === "" ? 0 : dir.split("/").length;
}

/**
 * Directory names safe to skip while walking (fast-glob `ignore`): plain names from the given sources when none
 * of them negates anything, since a negation could re-include what a prefix-prune would hide.
 */
export function gitignorePruneGlobs(sources: readonly GitignoreSource[]): string[] {
  const lines = sources.flatMap((s) => s.text.split(/\r?\n/).map((l) => ({ dir: s.dir, line: l.trim() })));
  if (lines.some((l) => l.line.startsWith("!"))) return [];
  const out: string[] = [];
  for (const { dir, line } of lines) {
    const m = /^(\/?)([A-Za-z0-9._-]+)\/?$/.exec(line);
    if (!m || m[2] === "." || m[2] === "..") continue;
    const name = m[2] as string;
    const base = dir === "" ? "" : `${dir}/`;
    out.push(m[1] ? `${base}${name}/**` : `${base}**/${name}/**`);
  }
  return [...new Set(out)];
}
