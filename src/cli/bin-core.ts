// What the promptc executable (src/bin.ts) runs for any command line but the version's, built as dist/bin-core.cjs
// and loaded with V8's code cache: replays the stored run of this command line when nothing it looked at has
// changed (src/cli/run-memo/), or loads the one bundle the verb needs (dist/verb-<verb>.cjs, with its code cache),
// hands it argv, watched so the run can be stored; sets the exit code. Does IO.
import { join } from "node:path";
import { CHUNK_PREFIX, LAZY_CHUNKS, RUN_WATCHER_BUNDLE, VERB_BUNDLES, type VerbBundleFile } from "./verb-bundles.js";
import { verbOf } from "./verb-of.js";
import { loadVerbBundle, type VerbBundle } from "./load-verb-bundle.js";
import { TOKEN_CACHE_FILE } from "../host/token-cache.js";
import { openRunMemo, type RunMemoSession } from "./run-memo/run-memo.js";
import type { recordRun } from "./run-memo/record-run.js";

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
 * The bundles' require: bin.cjs's own, handed to this bundle (both are CommonJS: esbuild.config.mjs), which also
 * answers a chunked package's stand-in (`promptc-chunk:<package>`) with that package's chunk, loaded with its code
 * cache on first use. Its cache is refreshed on the first run of each verb that uses it. The chunks' caches are
 * saved with the verb's.
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

function fromBundle(
  dir: string,
  verb: string,
  bundle: VerbBundleFile,
  argv: readonly string[],
  cacheDir: string | undefined,
  nodeRequire: (id: string) => unknown,
): { main: Main; saveCache: () => void } {
  const saves: (() => void)[] = [];
  const loaded: VerbBundle = loadVerbBundle(join(dir, bundle.file), {
    verb,
    hash: bundle.hash,
    require: bundleRequire(dir, verb, cacheDir, saves, nodeRequire),
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

/** What decides what a run of `verb` can do: bin's and this bundle's code, the watcher's and the verb's, every chunk. */
function buildOf(binHash: string, watcher: VerbBundleFile, bundle: VerbBundleFile): string {
  const chunks = Object.values(LAZY_CHUNKS).map((chunk) => chunk.hash);
  return [binHash, watcher.hash, bundle.hash, ...chunks].join(":");
}

/** Runs the verb's bundle, watched for its memo when there is a session; sets the exit code. */
function runBundle(
  dir: string,
  verb: string,
  bundle: VerbBundleFile,
  argv: string[],
  memo: { session: RunMemoSession; cacheRoot: string; watcher: VerbBundleFile } | undefined,
  cacheDir: string | undefined,
): Promise<void> {
  const saves: (() => void)[] = [];
  // Only what makes runs faster is read and written unwatched: the code caches, the token counts, the rank tables.
  const recorder = memo?.session.record(
    ["compiled", "encodings", TOKEN_CACHE_FILE].map((name) => join(memo.cacheRoot, name)),
    () => {
      const loaded = loadVerbBundle(join(dir, memo.watcher.file), {
        verb: "run-watcher",
        hash: memo.watcher.hash,
        require,
        ...(cacheDir !== undefined ? { cacheDir } : {}),
      });
      saves.push(() => loaded.saveCache());
      return loaded.exports["recordRun"] as typeof recordRun;
    },
  );
  const { main, saveCache } = fromBundle(dir, verb, bundle, argv, cacheDir, recorder?.require ?? require);
  return main(argv)
    .then((code) => {
      process.exitCode = code;
      memo?.session.finish(code);
    })
    .finally(() => {
      saveCache();
      for (const save of saves) save();
    });
}

export interface CommandLineContext {
  /** The folder that holds the bundles: the executable's own. */
  readonly bundlesDir: string;
  /** The user's promptc cache folder (memos, code caches); undefined: none. */
  readonly cacheRoot: string | undefined;
  /** Where V8's code caches live; undefined: none (PROMPTC_COMPILE_CACHE=off). */
  readonly compiledDir: string | undefined;
  /** What identifies the executable and this bundle: part of every run memo's key. */
  readonly binHash: string;
}

export interface CommandLineRun {
  /** Whether the run was replayed from its memo (no verb's bundle was loaded). */
  readonly replayed: boolean;
  /** Settles once the run is over and its caches are written. */
  readonly finished: Promise<void>;
}

/** Runs a command line (any but the version's); sets the exit code. */
export function runCommandLine(argv: string[], context: CommandLineContext): CommandLineRun {
  const named = verbOf(argv);
  const verb = named !== undefined && Object.hasOwn(VERB_BUNDLES, named) ? named : "help";
  const bundle = VERB_BUNDLES[verb];
  if (bundle === undefined) {
    // Without the build's table (a test bundling src/bin.ts into one file), the CLI runs from that same file.
    const finished = import("./main.js").then(({ main }) =>
      main(argv).then((code) => {
        process.exitCode = code;
      }),
    );
    return { replayed: false, finished };
  }
  const { cacheRoot } = context;
  const watcher = RUN_WATCHER_BUNDLE;
  const session =
    cacheRoot !== undefined && watcher !== undefined
      ? openRunMemo({ cacheRoot, build: buildOf(context.binHash, watcher, bundle), argv })
      : undefined;
  const replayed = session?.replay();
  if (replayed !== undefined) {
    process.exitCode = replayed;
    return { replayed: true, finished: Promise.resolve() };
  }
  const finished = runBundle(
    context.bundlesDir,
    verb,
    bundle,
    argv,
    session !== undefined && cacheRoot !== undefined && watcher !== undefined
      ? { session, cacheRoot, watcher }
      : undefined,
    context.compiledDir,
  );
  return { replayed: false, finished };
}
