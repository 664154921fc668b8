#!/usr/bin/env node
// The promptc executable (built as dist/bin.cjs, a classic script: an ES module entry costs Node ~3 ms more): prints
// the version itself, else loads the one bundle the verb needs (dist/verb-<verb>.cjs, with V8's code cache) and
// hands it argv; sets the exit code. Does IO.
import { join } from "node:path";
import { PROMPTC_VERSION } from "./cli/promptc-version.js";
import { CHUNK_PREFIX, LAZY_CHUNKS, VERB_BUNDLES, type VerbBundleFile } from "./cli/verb-bundles.js";
import { verbOf } from "./cli/verb-of.js";
import { loadVerbBundle, type VerbBundle } from "./cli/load-verb-bundle.js";
import { writerTo } from "./cli/standard-streams.js";
import { homeDirectory } from "./host/node-os.js";
import { defaultTokenCacheDir } from "./host/token-cache.js";

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
function bundleRequire(dir: string, verb: string, cacheDir: string | undefined, saves: (() => void)[]): NodeJS.Require {
  const loaded = new Map<string, unknown>();
  const load = (id: string): unknown => {
    const name = id.startsWith(CHUNK_PREFIX) ? id.slice(CHUNK_PREFIX.length) : undefined;
    const chunk = name !== undefined && Object.hasOwn(LAZY_CHUNKS, name) ? LAZY_CHUNKS[name] : undefined;
    if (name === undefined || chunk === undefined) return require(id);
    if (!loaded.has(name)) {
      const bundle = loadVerbBundle(join(dir, chunk.file), {
        verb: `lazy-${name}`,
        hash: chunk.hash,
        require,
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
  verb: string,
  bundle: VerbBundleFile,
  argv: readonly string[],
): { main: Main; saveCache: () => void } {
  const setting = process.env["PROMPTC_COMPILE_CACHE"];
  const cacheRoot =
    setting === "0" || setting === "off" ? undefined : defaultTokenCacheDir(process.env, homeDirectory());
  const cacheDir = cacheRoot !== undefined ? join(cacheRoot, "compiled") : undefined;
  // bin.cjs's own folder (esbuild.config.mjs: __dirname), which holds the bundles; no URL is parsed for it.
  const dir = import.meta.dirname;
  const saves: (() => void)[] = [];
  const loaded: VerbBundle = loadVerbBundle(join(dir, bundle.file), {
    verb,
    hash: bundle.hash,
    require: bundleRequire(dir, verb, cacheDir, saves),
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

const argv = process.argv.slice(2);
if (argv[0] === "--version" || argv[0] === "-V") {
  // What commander prints for it, without loading commander (nor Node's stream for stdout).
  writerTo("stdout")(`${PROMPTC_VERSION}\n`);
} else {
  const named = verbOf(argv);
  const verb = named !== undefined && Object.hasOwn(VERB_BUNDLES, named) ? named : "help";
  const bundle = VERB_BUNDLES[verb];
  // Without the build's table (a test bundling src/bin.ts into one file), the CLI runs from that same file.
  const started =
    bundle === undefined
      ? import("./cli/main.js").then(({ main }) => ({ main, saveCache: () => {} }))
      : Promise.resolve(fromBundle(verb, bundle, argv));
  void started.then(({ main, saveCache }) =>
    main(argv)
      .then((code) => {
        process.exitCode = code;
      })
      .finally(saveCache),
  );
}
