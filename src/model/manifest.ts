// The compile manifest: provenance of every fragment in a compiled request (like esbuild's metafile).
// Types only (pure).

/** Where a fragment sits in the harness's layout. */
export type FragmentLayer =
  | "base-instructions"
  | "developer"
  | "agents-md"
  | "environment"
  | "user-message"
  | "skill-injection"
  | "extension";

/**
 * Where a fragment's prose came from: `builtin` = promptc's own templates (promptc profile),
 * `stand-in` = promptc's wording standing in for another harness's prose (codex profile),
 * `user-supplied` = a file the user named, `data` = no prose, bytes derived from data only.
 */
export type ProseOrigin = "builtin" | "stand-in" | "user-supplied" | "calibrated" | "data";

export interface ManifestSource {
  path: string;
  /** Size of the source on disk (or of the input value). */
  bytesIn: number;
  /** Bytes of it that reached the request. */
  bytesKept: number;
}

export interface ManifestFragment {
  /** Fragment id, e.g. `permissions`, `agents-md`, `skill-injection:alpha`. */
  id: string;
  layer: FragmentLayer;
  /** Index in `input`, or -1 when the fragment is the `instructions` field. */
  itemIndex: number;
  /** Index in the item's `content`. */
  contentIndex: number;
  sources: ManifestSource[];
  /** UTF-8 bytes of the fragment's text. */
  bytes: number;
  /** Exact tokens of the text alone (o200k_base); null when the caller skipped exact counting. */
  tokens: number | null;
  /** Codex's estimate: ceil(bytes / 4). */
  approxTokens: number;
  /** Prose template ids used to render it. */
  templates: string[];
  prose: ProseOrigin;
  /** Content hash of the text (16 hex digits, not cryptographic). */
  hash: string;
}

export interface ManifestTool {
  name: string;
  /** Bytes of the tool's canonical JSON. */
  bytes: number;
  tokens: number | null;
  approxTokens: number;
  prose: ProseOrigin;
  hash: string;
}

export interface ManifestTotals {
  /** Bytes of the whole canonical request body. */
  requestBytes: number;
  fragmentBytes: number;
  fragmentTokens: number | null;
  fragmentApproxTokens: number;
  toolBytes: number;
  toolTokens: number | null;
  items: number;
}

export interface Fingerprint {
  /** Hash of the whole canonical request. */
  request: string;
  /** Hash of the parts that must stay stable across a session: model, instructions, tools, cache key. */
  stablePrefix: string;
  /** Hash of each input item's canonical JSON, in order (prefix comparison across turns). */
  items: string[];
}

export interface Manifest {
  profile: string;
  model: string;
  encoding: "o200k_base";
  fragments: ManifestFragment[];
  tools: ManifestTool[];
  totals: ManifestTotals;
  fingerprint: Fingerprint;
}
