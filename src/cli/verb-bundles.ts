// The CLI's bundles, one per verb plus `help` (listing without any verb), and the chunks of packages they load on
// first use: file names and content hashes. The build (esbuild.config.mjs) writes the real tables into dist/bin.js;
// the sources have none. Pure.

export interface VerbBundleFile {
  /** File name next to bin.js. */
  readonly file: string;
  /** Content hash, naming the bundle's code cache. */
  readonly hash: string;
}

export const VERB_BUNDLES: { readonly [verb: string]: VerbBundleFile } = {};

/** A chunked package's stand-in in a verb's bundle requires `${CHUNK_PREFIX}<package>`. */
export const CHUNK_PREFIX = "promptc-chunk:";

/** The chunks by package name. */
export const LAZY_CHUNKS: { readonly [name: string]: VerbBundleFile } = {};

/** A hash of bin.cjs's own sources and of bin-core.cjs, part of every run memo's key (src/cli/run-memo/). */
export const BIN_SOURCES_HASH = "";

/** The executable's rest (src/cli/bin-core.ts) as a bundle of its own; the sources have none. */
export const BIN_CORE_BUNDLE: VerbBundleFile | undefined = undefined;

/** The run memo's watcher (src/cli/run-memo/record-run.ts) as a bundle of its own; the sources have none. */
export const RUN_WATCHER_BUNDLE: VerbBundleFile | undefined = undefined;
