// The CLI's bundles, one per verb plus `help` (listing without any verb): file names and content hashes. The
// build (esbuild.config.mjs) writes the real table into dist/bin.js; the sources have none. Pure.

export interface VerbBundleFile {
  /** File name next to bin.js. */
  readonly file: string;
  /** Content hash, naming the bundle's code cache. */
  readonly hash: string;
}

export const VERB_BUNDLES: { readonly [verb: string]: VerbBundleFile } = {};
