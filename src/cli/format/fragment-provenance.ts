// Where a fragment's bytes came from, worded once for every view (terminal table, HTML report): the prose tag
// (`[stand-in prose]`), the source files with bytes kept of bytes on disk, and a lookup from a request piece's
// text to the compile manifest fragment that produced it. Pure.
import { hashText } from "../../compile/hash.js";
import { formatCount } from "../../model/format-count.js";
import type { Manifest, ManifestFragment, ProseOrigin } from "../../model/manifest.js";
import { relativeTo } from "./format-diagnostic.js";

export const STAND_IN_NOTE =
  "[stand-in prose]: promptc's own wording in the harness's layout; its bytes differ from the harness's. Run `promptc calibrate --agent codex` (or use --prose-dir / --base-instructions) for exact bytes.";

/** The label tag of a fragment's prose origin, or undefined when its bytes are data or promptc's own. */
export function proseTag(prose: ProseOrigin): string | undefined {
  return prose === "stand-in"
    ? "[stand-in prose]"
    : prose === "user-supplied"
      ? "[your prose]"
      : prose === "calibrated"
        ? "[calibrated]"
        : undefined;
}

/** `id [tag]`, as the table and the report show a fragment. */
export function fragmentLabel(f: Pick<ManifestFragment, "id" | "prose">): string {
  const tag = proseTag(f.prose);
  return tag === undefined ? f.id : `${f.id} ${tag}`;
}

/**
 * One entry per source file: `path 1,131 B`, `path 2,766 of 10,001 B` when cut, or for the skills list (which
 * carries each SKILL.md's name and description only, not a cut) `path name and description 79 B of 382`.
 * Paths are relative to `cwd` when it is absolute. The user's message has no file.
 */
export function sourceParts(f: Pick<ManifestFragment, "id" | "layer" | "sources">, cwd: string): string[] {
  if (f.layer === "user-message") return [];
  const n = formatCount;
  return f.sources
    .filter((s) => s.path !== "")
    .map((s) => {
      const size =
        f.id === "skills"
          ? `name and description ${n(s.bytesKept)} B of ${n(s.bytesIn)}`
          : s.bytesKept === s.bytesIn
            ? `${n(s.bytesIn)} B`
            : `${n(s.bytesKept)} of ${n(s.bytesIn)} B`;
      return `${relativeTo(cwd, s.path)} ${size}`;
    });
}

/** Manifest fragments by the hash of their text: a piece of a request with the same text has the same provenance. */
export type Provenance = ReadonlyMap<string, ManifestFragment>;

/** The provenance of every fragment the given compiles produced (e.g. each turn of a scenario so far). */
export function provenanceOf(manifests: readonly Manifest[]): Provenance {
  const out = new Map<string, ManifestFragment>();
  for (const m of manifests) for (const f of m.fragments) if (!out.has(f.hash)) out.set(f.hash, f);
  return out;
}

/** The manifest fragment that produced exactly this text, when one of the compiles did. */
export function provenanceFor(provenance: Provenance | undefined, text: string): ManifestFragment | undefined {
  return provenance === undefined || provenance.size === 0 ? undefined : provenance.get(hashText(text));
}
