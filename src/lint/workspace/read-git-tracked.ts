// The paths git's index tracks under a lint root (the nearest repository's `.git/index`, a worktree's or
// submodule's through its `.git` file). Does IO through the Host.
import type { Host } from "../../host/host.js";
import { ancestorsOf, joinPath, resolvePath } from "../../discover/paths.js";
import { parseGitIndex } from "./parse-git-index.js";
import { relativeTo } from "./relative-to.js";

const GIT_INDEX_MAX_BYTES = 64 * 1024 * 1024;

/** Paths under `root` that the nearest repository's index tracks, relative to `root`. */
export function readGitTracked(host: Host, root: string): Set<string> | undefined {
  const top = ancestorsOf(root).find((d) => host.stat(joinPath(d, ".git")).ok);
  if (top === undefined) return undefined;
  let gitDir = joinPath(top, ".git");
  const st = host.stat(gitDir);
  if (st.ok && st.value.kind === "file") {
    // A worktree or submodule: `.git` is a file saying `gitdir: <path>`.
    const link = host.readBytes(gitDir, { maxBytes: 4096 });
    const m = link.ok ? /^gitdir:\s*(.+?)\s*$/m.exec(new TextDecoder().decode(link.value.bytes)) : null;
    if (!m) return undefined;
    gitDir = resolvePath(top, m[1] as string);
  }
  const index = host.readBytes(joinPath(gitDir, "index"), { maxBytes: GIT_INDEX_MAX_BYTES });
  if (!index.ok || index.value.truncated) return undefined;
  const config = host.readBytes(joinPath(gitDir, "config"), { maxBytes: 1024 * 1024 });
  const sha256 = config.ok && /objectformat\s*=\s*sha256/i.test(new TextDecoder().decode(config.value.bytes));
  const parsed = parseGitIndex(index.value.bytes, { objectIdBytes: sha256 ? 32 : 20 });
  if (!parsed.ok) return undefined;
  const prefix = relativeTo(top, root);
  const out = new Set<string>();
  for (const p of parsed.paths) {
    if (prefix === "") out.add(p);
    else if (p.startsWith(`${prefix}/`)) out.add(p.slice(prefix.length + 1));
  }
  return out;
}
