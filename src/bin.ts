#!/usr/bin/env node
// The promptc executable (built as dist/bin.cjs, a classic script: an ES module entry costs Node ~3 ms more): prints
// the version itself, else loads the one bundle the verb needs (dist/verb-<verb>.cjs, with V8's code cache) and
// hands it argv; sets the exit code. Does IO.
import { homedir } from "node:os";
import { join } from "node:path";
import { PROMPTC_VERSION } from "./cli/promptc-version.js";
import { VERB_BUNDLES, type VerbBundleFile } from "./cli/verb-bundles.js";
import { verbOf } from "./cli/verb-of.js";
import { loadVerbBundle } from "./cli/load-verb-bundle.js";
import { writerTo } from "./cli/standard-streams.js";
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

function fromBundle(
  verb: string,
  bundle: VerbBundleFile,
  argv: readonly string[],
): { main: Main; saveCache: () => void } {
  const setting = process.env["PROMPTC_COMPILE_CACHE"];
  const cacheRoot = setting === "0" || setting === "off" ? undefined : defaultTokenCacheDir(process.env, homedir());
  // bin.cjs's own folder (esbuild.config.mjs: __dirname), which holds the bundles; no URL is parsed for it.
  const loaded = loadVerbBundle(join(import.meta.dirname, bundle.file), {
    verb,
    hash: bundle.hash,
    // bin.cjs is CommonJS (esbuild.config.mjs): its own require.
    require,
    variant: profileOf(argv),
    ...(cacheRoot !== undefined ? { cacheDir: join(cacheRoot, "compiled") } : {}),
  });
  return { main: loaded.exports["main"] as Main, saveCache: () => loaded.saveCache() };
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
