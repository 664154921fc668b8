// Loads one of the CLI's CommonJS bundles (dist/verb-<verb>.cjs, written by esbuild.config.mjs as one function
// expression of CommonJS's module parameters) with V8's code cache, kept in the user's cache
// folder: a warm run skips parsing and compiling the bundle. Node 20 has no compile cache of its own (22.1's
// module.enableCompileCache), so this one path serves every Node. Best effort: no cache is a slower run. Does IO.
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Script } from "node:vm";
import { makeDirectories } from "../host/make-directories.js";

export interface VerbBundle {
  readonly exports: Record<string, unknown>;
  /**
   * Writes the code cache when there was none, V8 refused it, or this run's variant is new to it; call after the
   * run, when it holds what ran.
   */
  saveCache(): void;
}

export interface LoadVerbBundleOptions {
  /** The folder code caches live in; undefined: no cache. */
  cacheDir?: string;
  /** The verb, which names its cache files. */
  verb: string;
  /** The bundle's content hash from the build: a rebuilt bundle never meets a stale cache. */
  hash: string;
  /**
   * What the bundle's `require` is: the caller's own (bin.cjs sits next to the bundles). Only Node's modules are
   * required through it, and node:module's createRequire would load four more of Node's modules on every run.
   */
  require: NodeJS.Require;
  /**
   * Which part of the bundle a run exercises (preview's profile): a cache holds only the functions its writing run
   * compiled, so the first run of each variant writes it again, now holding what both ran (the functions taken
   * from the cache and those compiled since). Marked by an empty file per variant. Asked after the run, which may
   * have found what decides it (lint's configuration file).
   */
  variant?: () => string;
}

const CACHE_SUFFIX = ".v8cache";
const SEEN_SUFFIX = ".seen";

/**
 * Buffer's own Latin-1 decoder (undocumented, in every Node): readFileSync's "latin1" and toString("latin1") would
 * compile Node's encoding-name lookup (normalizeEncoding's slow cases, getEncodingOps) on every run for it.
 */
type Latin1Decodable = Buffer & { latin1Slice?: (start: number, end: number) => string };

function readLatin1(file: string): string {
  const bytes: Latin1Decodable = readFileSync(file);
  return bytes.latin1Slice !== undefined ? bytes.latin1Slice(0, bytes.length) : bytes.toString("latin1");
}

export function loadVerbBundle(file: string, options: LoadVerbBundleOptions): VerbBundle {
  const source = readLatin1(file);
  // V8 checks its own version, flags and the source length; the key covers the bundle's content and the Node.
  const build = `${options.verb}-${options.hash}-`;
  const cacheName = `${build}${process.version}-${process.arch}${CACHE_SUFFIX}`;
  const cacheFile = options.cacheDir !== undefined ? join(options.cacheDir, cacheName) : undefined;
  let cachedData: Buffer | undefined;
  if (cacheFile !== undefined) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // none yet
    }
  }
  const script = new Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    options.require,
    module,
    file,
    dirname(file),
  );
  return {
    exports: module.exports,
    saveCache() {
      if (options.cacheDir === undefined || cacheFile === undefined) return;
      // A name's safe characters only: the variant comes from the command line and the run.
      const seenFile = `${cacheFile}.${(options.variant?.() || "default").replace(/[^A-Za-z0-9_-]/g, "_")}${SEEN_SUFFIX}`;
      const refresh = cachedData !== undefined && !existsSync(seenFile);
      if (cachedData !== undefined && !script.cachedDataRejected && !refresh) return;
      const temp = `${cacheFile}.${process.pid}.tmp`;
      try {
        makeDirectories(options.cacheDir);
        // Exclusive creation: nothing already at these names (a link out of the folder) is written through; the
        // rename replaces a link at the cache's name, not its target.
        writeFileSync(temp, script.createCachedData(), { flag: "wx" });
        renameSync(temp, cacheFile);
        try {
          writeFileSync(seenFile, "", { flag: "wx" });
        } catch {
          // marked already
        }
        // The caches of this verb's earlier builds are dead weight now (other Nodes' stay: one may alternate).
        for (const name of readdirSync(options.cacheDir))
          if (
            name.startsWith(`${options.verb}-`) &&
            !name.startsWith(build) &&
            (name.endsWith(CACHE_SUFFIX) || name.endsWith(SEEN_SUFFIX))
          )
            rmSync(join(options.cacheDir, name), { force: true });
      } catch {
        try {
          rmSync(temp, { force: true });
        } catch {
          // nothing left to clean up
        }
      }
    },
  };
}
