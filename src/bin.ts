#!/usr/bin/env node
// The promptc executable (built as dist/bin.cjs, a classic script: an ES module entry costs Node ~3 ms more): prints
// the version itself; else replays the stored run of this command line when nothing it looked at has changed
// (src/cli/run-memo/), or loads the one bundle the verb needs (dist/verb-<verb>.cjs, with V8's code cache), hands it
// argv, watched so the run can be stored; sets the exit code. Does IO.
import { join } from "node:path";
import { PROMPTC_VERSION } from "./cli/promptc-version.js";
import {
  BIN_SOURCES_HASH,
  CHUNK_PREFIX,
  LAZY_CHUNKS,
  RUN_WATCHER_BUNDLE,
  VERB_BUNDLES,
  type VerbBundleFile,
} from "./cli/verb-bundles.js";
import { verbOf } from "./cli/verb-of.js";
import { loadVerbBundle, type VerbBundle } from "./cli/load-verb-bundle.js";
import { writerTo } from "./cli/standard-streams.js";
import { homeDirectory } from "./host/node-os.js";
import { defaultTokenCacheDir, TOKEN_CACHE_FILE } from "./host/token-cache.js";
import { openRunMemo, type RunMemoSession } from "./cli/run-memo/run-memo.js";
import type { recordRun } from "./cli/run-memo/record-run.js";

type Main = (argv: string[]) => Promise<number>;

/** The profile a command line names (`--profile X`, `--profile=X`), which decides most of the code a verb runs. */
function profileOf(argv: readonly string[]): string {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--profile") return argv[i + 1] ?? "";
    if (a.startsWith("--profile=")) return a.slice("--profile=".length);
  }
  return "";
}

/**
 * The bundles' require: bin.cjs's own (it is CommonJS: esbuild.config.mjs), which also answers a chunked package's
 * stand-in (`promptc-chunk:<package>`) with that package's chunk, loaded with its code cache on first use. Its
 * cache is refreshed on the first run of each verb that uses it. The chunks' caches are saved with the verb's.
 */
function bundleRequire(
  dir: string,
  verb: string,
  cacheDir: string | undefined,
  saves: (() => void)[],
  nodeRequire: (id: string) => unknown,
): NodeJS.Require {
  const loaded = new Map<string, unknown>();
  const load = (id: string): unknown => {
    const name = id.startsWith(CHUNK_PREFIX) ? id.slice(CHUNK_PREFIX.length) : undefined;
    const chunk = name !== undefined && Object.hasOwn(LAZY_CHUNKS, name) ? LAZY_CHUNKS[name] : undefined;
    if (name === undefined || chunk === undefined) return nodeRequire(id);
    if (!loaded.has(name)) {
      const bundle = loadVerbBundle(join(dir, chunk.file), {
        verb: `lazy-${name}`,
        hash: chunk.hash,
        require: Object.assign(nodeRequire, require),
        variant: () => verb,
        ...(cacheDir !== undefined ? { cacheDir } : {}),
      });
      saves.push(() => bundle.saveCache());
      loaded.set(name, bundle.exports);
    }
    return loaded.get(name);
  };
  // require's own properties (resolve, cache, extensions, main) as the bundled packages may read them.
  return Object.assign(load, require);
}

/** Where V8's code caches live: `<cache>/compiled`, unless PROMPTC_COMPILE_CACHE is 0 or off. */
function compiledCacheDir(cacheRoot: string | undefined): string | undefined {
  const setting = process.env["PROMPTC_COMPILE_CACHE"];
  return cacheRoot !== undefined && setting !== "0" && setting !== "off" ? join(cacheRoot, "compiled") : undefined;
}

// bin.cjs's own folder (esbuild.config.mjs: __dirname), which holds the bundles; no URL is parsed for it.
const BUNDLES_DIR = import.meta.dirname;

function fromBundle(
  verb: string,
  bundle: VerbBundleFile,
  argv: readonly string[],
  cacheDir: string | undefined,
  nodeRequire: (id: string) => unknown,
): { main: Main; saveCache: () => void } {
  const saves: (() => void)[] = [];
  const loaded: VerbBundle = loadVerbBundle(join(BUNDLES_DIR, bundle.file), {
    verb,
    hash: bundle.hash,
    require: bundleRequire(BUNDLES_DIR, verb, cacheDir, saves, nodeRequire),
    // The profile, and what the run itself found that decides which code ran (src/cli/run-variant.ts).
    variant: () =>
      [
        profileOf(argv) || "default",
        ...((loaded.exports["runVariantParts"] as (() => string[]) | undefined)?.() ?? []),
      ].join("+"),
    ...(cacheDir !== undefined ? { cacheDir } : {}),
  });
  saves.unshift(() => loaded.saveCache());
  return {
    main: loaded.exports["main"] as Main,
    saveCache: () => {
      for (const save of saves) save();
    },
  };
}

/** What decides what a run of `verb` can do: bin's sources, the watcher's and the verb's bundles, every chunk. */
function buildOf(watcher: VerbBundleFile, bundle: VerbBundleFile): string {
  const chunks = Object.values(LAZY_CHUNKS).map((chunk) => chunk.hash);
  return [BIN_SOURCES_HASH, watcher.hash, bundle.hash, ...chunks].join(":");
}

/** Runs the verb's bundle, watched for its memo when there is a session; sets the exit code. */
function runBundle(
  verb: string,
  bundle: VerbBundleFile,
  argv: string[],
  memo: { session: RunMemoSession; cacheRoot: string; watcher: VerbBundleFile } | undefined,
  cacheDir: string | undefined,
): void {
  const saves: (() => void)[] = [];
  // Only what makes runs faster is read and written unwatched: the code caches, the token counts, the rank tables.
  const recorder = memo?.session.record(
    ["compiled", "encodings", TOKEN_CACHE_FILE].map((name) => join(memo.cacheRoot, name)),
    () => {
      const loaded = loadVerbBundle(join(BUNDLES_DIR, memo.watcher.file), {
        verb: "run-watcher",
        hash: memo.watcher.hash,
        require,
        ...(cacheDir !== undefined ? { cacheDir } : {}),
      });
      saves.push(() => loaded.saveCache());
      return loaded.exports["recordRun"] as typeof recordRun;
    },
  );
  const { main, saveCache } = fromBundle(verb, bundle, argv, cacheDir, recorder?.require ?? require);
  void main(argv)
    .then((code) => {
      process.exitCode = code;
      memo?.session.finish(code);
    })
    .finally(() => {
      saveCache();
      for (const save of saves) save();
    });
}

const argv = process.argv.slice(2);
if (argv[0] === "--version" || argv[0] === "-V") {
  // What commander prints for it, without loading commander (nor Node's stream for stdout).
  writerTo("stdout")(`${PROMPTC_VERSION}\n`);
} else {
  const named = verbOf(argv);
  const verb = named !== undefined && Object.hasOwn(VERB_BUNDLES, named) ? named : "help";
  const bundle = VERB_BUNDLES[verb];
  if (bundle === undefined) {
    // Without the build's table (a test bundling src/bin.ts into one file), the CLI runs from that same file.
    void import("./cli/main.js").then(({ main }) =>
      main(argv).then((code) => {
        process.exitCode = code;
      }),
    );
  } else {
    const cacheRoot = defaultTokenCacheDir(process.env, homeDirectory());
    const watcher = RUN_WATCHER_BUNDLE;
    const session =
      cacheRoot !== undefined && watcher !== undefined
        ? openRunMemo({ cacheRoot, build: buildOf(watcher, bundle), argv })
        : undefined;
    const replayed = session?.replay();
    if (replayed !== undefined) process.exitCode = replayed;
    else
      runBundle(
        verb,
        bundle,
        argv,
        session !== undefined && cacheRoot !== undefined && watcher !== undefined
          ? { session, cacheRoot, watcher }
          : undefined,
        compiledCacheDir(cacheRoot),
      );
  }
}
