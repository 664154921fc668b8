// The .gitignore files that apply to a lint root from above it: `.git/info/exclude` and each ancestor's, from
// the repository top down. Does IO through the Host.
import type { Host } from "../../host/host.js";
import { ancestorsOf, joinPath } from "../../discover/paths.js";
import type { GitignoreSource } from "./create-gitignore-filter.js";
import { relativeTo } from "./relative-to.js";

/** Reads the .gitignore files that apply to `root`: `.git/info/exclude` and ancestors' up to the repository top. */
export function readAncestorGitignores(host: Host, root: string): { base: string; sources: GitignoreSource[] } {
  const read = (path: string): string | undefined => {
    const r = host.readBytes(path, { maxBytes: GITIGNORE_MAX_BYTES });
    return r.ok ? new TextDecoder().decode(r.value.bytes) : undefined;
  };
  const chain = ancestorsOf(root);
  // The nearest repository (a `.git` directory or worktree file); its .gitignore files apply from its top down.
  const top = chain.find((d) => host.stat(joinPath(d, ".git")).ok);
  const base = top ?? root;
  const sources: GitignoreSource[] = [];
  const exclude = top !== undefined ? read(joinPath(top, ".git", "info", "exclude")) : undefined;
  if (exclude !== undefined) sources.push({ dir: "", text: exclude });
  for (const dir of chain.filter((d) => d === base || d.startsWith(base === "/" ? "/" : `${base}/`))) {
    const text = read(joinPath(dir, ".gitignore"));
    if (text !== undefined) sources.push({ dir: relativeTo(base, dir), text });
  }
  return { base, sources };
}

export const GITIGNORE_MAX_BYTES = 1024 * 1024;
