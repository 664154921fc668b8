// The read-only workspace view rules get (LintFs), over the Host with small caches. Does IO through the Host.
import type { Host } from "../../host/host.js";
import { joinPath, normalizePath } from "../../discover/paths.js";
import type { LintFs } from "../lint-project.js";
import { LINT_MAX_FILE_BYTES } from "../rules/file-too-large.js";
import { lossyUtf8 } from "./read-lint-file.js";
import { relativeTo } from "./relative-to.js";

/** A LintFs over the Host, rooted at `root`, with small caches (rules ask for the same files repeatedly). */
export function createHostLintFs(host: Host, root: string): LintFs {
  const kinds = new Map<string, "file" | "directory" | undefined>();
  const texts = new Map<string, string | undefined>();
  const lists = new Map<string, { name: string; kind: "file" | "directory" }[]>();
  const abs = (p: string): string => (p === "" ? normalizePath(root) : joinPath(root, p));
  const reals = new Map<string, string | undefined>();
  return {
    realPath(path) {
      if (!reals.has(path)) {
        const real = host.realpath(abs(path));
        const rel = real.ok ? relativeTo(normalizePath(root), real.value) : undefined;
        reals.set(path, rel === undefined || rel.startsWith("../") ? undefined : rel);
      }
      return reals.get(path);
    },
    kind(path) {
      if (path.startsWith("../") || path === "..") return undefined;
      if (!kinds.has(path)) {
        const st = host.stat(abs(path));
        kinds.set(
          path,
          st.ok
            ? st.value.kind === "directory"
              ? "directory"
              : st.value.kind === "file"
                ? "file"
                : undefined
            : undefined,
        );
      }
      return kinds.get(path);
    },
    readText(path) {
      if (path.startsWith("../")) return undefined;
      if (!texts.has(path)) {
        const read = host.readBytes(abs(path), { maxBytes: LINT_MAX_FILE_BYTES });
        texts.set(path, read.ok && !read.value.truncated ? lossyUtf8.decode(read.value.bytes) : undefined);
      }
      return texts.get(path);
    },
    list(path) {
      let l = lists.get(path);
      if (!l) {
        const read = host.readDir(abs(path));
        l = [];
        if (read.ok) {
          for (const e of read.value) {
            let kind = e.kind;
            if (kind === "symlink") {
              const st = host.stat(joinPath(abs(path), e.name));
              kind = st.ok ? st.value.kind : "other";
            }
            if (kind === "file" || kind === "directory") l.push({ name: e.name, kind });
          }
        }
        lists.set(path, l);
      }
      return l;
    },
  };
}
