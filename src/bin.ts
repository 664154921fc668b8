#!/usr/bin/env node
// The promptc executable (built as dist/bin.cjs, a classic script: an ES module entry costs Node ~3 ms more): prints
// the version itself; else loads the rest of itself, dist/bin-core.cjs (src/cli/bin-core.ts: the run memo's replay,
// the verbs' loader), with V8's code cache, which Node's loader does not give an entry script. Measured against one
// bin.cjs holding both (callgrind): `--version` 93 -> 87 M instructions (`node -e 0`: 86 M), a replayed codex
// preview of the large workspace 115.6 -> 113.0 M. Does IO.
import { join } from "node:path";
import { PROMPTC_VERSION } from "./cli/promptc-version.js";
import { BIN_CORE_BUNDLE, BIN_SOURCES_HASH } from "./cli/verb-bundles.js";
import { loadVerbBundle } from "./cli/load-verb-bundle.js";
import { writerTo } from "./cli/standard-streams.js";
import { homeDirectory } from "./host/node-os.js";
import { defaultTokenCacheDir } from "./host/token-cache.js";
import type { CommandLineContext, CommandLineRun, runCommandLine } from "./cli/bin-core.js";

/** Where V8's code caches live: `<cache>/compiled`, unless PROMPTC_COMPILE_CACHE is 0 or off. */
function compiledCacheDir(cacheRoot: string | undefined): string | undefined {
  const setting = process.env["PROMPTC_COMPILE_CACHE"];
  return cacheRoot !== undefined && setting !== "0" && setting !== "off" ? join(cacheRoot, "compiled") : undefined;
}

const argv = process.argv.slice(2);
if (argv[0] === "--version" || argv[0] === "-V") {
  // What commander prints for it, without loading commander (nor Node's stream for stdout).
  writerTo("stdout")(`${PROMPTC_VERSION}\n`);
} else {
  const cacheRoot = defaultTokenCacheDir(process.env, homeDirectory());
  const compiledDir = compiledCacheDir(cacheRoot);
  const context: CommandLineContext = {
    // bin.cjs's own folder (esbuild.config.mjs: __dirname), which holds the bundles; no URL is parsed for it.
    bundlesDir: import.meta.dirname,
    cacheRoot,
    compiledDir,
    binHash: BIN_SOURCES_HASH,
  };
  if (BIN_CORE_BUNDLE === undefined) {
    // Without the build's table (a test bundling src/bin.ts into one file), the rest runs from that same file.
    void import("./cli/bin-core.js").then((core) => core.runCommandLine(argv, context).finished);
  } else {
    let run: CommandLineRun | undefined;
    const core = loadVerbBundle(join(context.bundlesDir, BIN_CORE_BUNDLE.file), {
      verb: "bin-core",
      hash: BIN_CORE_BUNDLE.hash,
      require,
      // A replay and a run reach different functions: the cache is written again after the first of each.
      variant: () => (run?.replayed ? "replay" : "run"),
      ...(compiledDir !== undefined ? { cacheDir: compiledDir } : {}),
    });
    run = (core.exports["runCommandLine"] as typeof runCommandLine)(argv, context);
    void run.finished.then(() => core.saveCache());
  }
}
