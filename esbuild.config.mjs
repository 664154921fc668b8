// Bundles the CLI after `tsc` has emitted dist/: dist/bin.js (version, verb, loader) and one CommonJS file per verb
// instead of ~150 dist modules plus commander/yaml/handlebars/smol-toml. Resolving and compiling that many modules
// was a fifth of a cold `promptc preview`; a verb's one file is compiled once and then read from V8's code cache.
// The library entries (`.`, `./node`, `./vitest`) stay tsc's unbundled output. Run by `npm run build`.
import { build } from "esbuild";
import { chmod, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createHash } from "node:crypto";
import { CHUNKED_MODULES, lazyModulesPlugin } from "./esbuild.lazy-modules.mjs";

const ROOT = dirname(fileURLToPath(import.meta.url));
const SRC = join(ROOT, "src");
const DIST = join(ROOT, "dist");

/**
 * `import.meta.url` in a bundle names the chunk, not the module; a module that finds files relative to itself
 * (e.g. templates/) must see the URL its tsc output would have: dist/<same path>.js.
 */
const keepModuleUrls = {
  name: "keep-module-urls",
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const emitted = join(DIST, relative(SRC, args.path)).replace(/\.ts$/, ".js");
      // Every chunk is written to dist/ itself, so the path stays relative and the package can move.
      const rel = JSON.stringify(`./${relative(DIST, emitted).split("\\").join("/")}`);
      return { contents: source.replaceAll("import.meta.url", `new URL(${rel}, import.meta.url).href`), loader: "ts" };
    });
  },
};

/**
 * The CLI reads each encoding's rank tables from a prebuilt blob in the user's cache (one file read) instead of
 * decoding the base64 data module and hashing 200k tokens on every cold count (~50 ms): in the bundle,
 * src/tokens/encoding-source.ts is replaced by src/host/encoding-source-files.ts, which builds that blob from
 * the same data module the library imports on first use, so the package carries one copy of each table.
 */
const substitutes = new Map([
  [join(SRC, "tokens", "encoding-source.ts"), join(SRC, "host", "encoding-source-files.ts")],
]);
const substitute = {
  name: "substitute-modules",
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = join(args.resolveDir, args.path).replace(/\.js$/, ".ts");
      const replacement = substitutes.get(target);
      return replacement === undefined ? undefined : { path: replacement };
    });
  },
};

// yaml, handlebars and ajv used to be vendored files required on first use (compiling them cost a cold ES-module
// start ~15 ms); in a verb's bundle with V8's code cache, code that does not run costs only its bytes read.
await rm(join(DIST, "vendor"), { recursive: true, force: true });

// Each encoding ships once, as tsc's data module (dist/tokens/data/<encoding>.js); a previous build's prebuilt
// tables are not part of the package any more (the CLI keeps its own in the user's cache).
for (const name of ["o200k_base", "cl100k_base"])
  await rm(join(DIST, "tokens", "data", `${name}.tables`), { force: true });

// Earlier layouts' files (ESM chunks with a content hash) and the previous build's bundles and chunks.
for (const name of await readdir(DIST).catch(() => [])) {
  if (/^chunk-[A-Z0-9]+\.js$|^(verb|lazy)-[a-z-]+\.cjs$|^(run-watcher|bin-core)\.cjs$/.test(name))
    await rm(join(DIST, name));
}

/**
 * One CommonJS bundle per verb (dist/verb-<verb>.cjs) and one for `help`, the listing without any verb: a run reads
 * and compiles one file holding only what its verb can reach, which bin.js loads with V8's code cache (a cache
 * needs a classic script: Node 20 has none for ES modules). In a verb's bundle the registry's other loaders
 * import an empty module. Measured against esbuild's ESM splitting (~30 chunks per preview): see bench/run.mjs.
 */
// What a stand-in requires for a chunked package; bin.js's require for the bundles answers it (src/bin.ts).
const { CHUNK_PREFIX } = await import(pathToFileURL(join(DIST, "cli", "verb-bundles.js")).href);
const lazyModules = lazyModulesPlugin(ROOT, CHUNK_PREFIX);
const INDEX = join(SRC, "cli", "commands", "index.ts");
const { commands } = await import(pathToFileURL(join(DIST, "cli", "commands", "index.js")).href);
const verbModules = Object.fromEntries(
  Object.entries(commands).map(([verb, entry]) => {
    const m = /import\("(\.\/[^"]+)"\)/.exec(entry.load.toString());
    if (m === null) throw new Error(`esbuild.config: the registry's loader of ${verb} imports no module`);
    return [verb, m[1]];
  }),
);
const onlyVerb = (verb) => ({
  name: "only-verb",
  setup(b) {
    b.onResolve({ filter: /^\.\// }, (args) =>
      args.importer === INDEX && args.kind === "dynamic-import" && args.path !== verbModules[verb]
        ? { path: args.path, namespace: "absent-verb" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "absent-verb" }, () => ({ contents: "export {};", loader: "js" }));
  },
});

/**
 * `import.meta.url` in a CommonJS bundle: its file's URL, made on first read (building it loads and compiles Node's
 * URL code, ~0.4 M instructions, which a run that reads no URL does not need).
 */
const BUNDLE_URL_BANNER =
  'const __promptcBundle = { get url() { return require("node:url").pathToFileURL(__filename).href; } };';

/** A verb's bundle and a chunk alike. */
const BUNDLE_OPTIONS = {
  write: false,
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // bin.js reads the bundle as Latin-1, the cheapest decoding, which equals UTF-8 for ASCII.
  charset: "ascii",
  minifyWhitespace: true,
  minifySyntax: true,
  // Short local names: 30% less text to read and a 13% smaller code cache per run (preview: 1.22 -> 0.87 MB,
  // 675 -> 587 KB). No module reads a function's or class's own name but commander's error classes, whose
  // `name` nothing prints. PROMPTC_READABLE_BUNDLES=1 keeps the names (CPU profiles that say what ran).
  minifyIdentifiers: process.env.PROMPTC_READABLE_BUNDLES !== "1",
  define: { "import.meta.url": "__promptcBundle.url" },
  banner: { js: BUNDLE_URL_BANNER },
  logLevel: "warning",
  legalComments: "none",
};

/** Writes dist/<file> from esbuild's text; returns its entry of bin.js's table. */
async function writeBundle(file, text) {
  // esbuild leaves regular-expression literals as written; a \uXXXX escape means the same there.
  // The file is one function expression of CommonJS's parameters, compiled as is by load-verb-bundle.ts (wrapping
  // it there would copy the whole text once more on every run).
  const body = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const code = Buffer.from(`(function (exports, require, module, __filename, __dirname) {${body}\n})`, "latin1");
  await writeFile(join(DIST, file), code);
  return { file: `./${file}`, hash: createHash("sha256").update(code).digest("hex").slice(0, 16) };
}

const bundles = {};
for (const verb of [...Object.keys(commands), "help"]) {
  const file = `verb-${verb}.cjs`;
  const result = await build({
    ...BUNDLE_OPTIONS,
    entryPoints: [join(SRC, "cli", "main.ts")],
    outfile: join(DIST, file),
    plugins: [onlyVerb(verb), lazyModules, substitute, keepModuleUrls],
  });
  bundles[verb] = await writeBundle(file, result.outputFiles[0].text);
}

// The chunked packages, each built as the verbs' bundles are; a verb's stand-in requires it by CHUNK_PREFIX.
const chunks = {};
for (const name of CHUNKED_MODULES) {
  const result = await build({
    ...BUNDLE_OPTIONS,
    stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: ROOT, loader: "js" },
    plugins: [],
  });
  chunks[name] = await writeBundle(`lazy-${name}.cjs`, result.outputFiles[0].text);
}

// The run memo's watcher (src/cli/run-memo/record-run.ts), which only a run that is not replayed loads: a file of
// its own with its code cache, so neither `--version` nor a replay compiles it.
const runWatcher = await writeBundle(
  "run-watcher.cjs",
  (
    await build({
      ...BUNDLE_OPTIONS,
      entryPoints: [join(SRC, "cli", "run-memo", "record-run.ts")],
      outfile: join(DIST, "run-watcher.cjs"),
      plugins: [lazyModules],
    })
  ).outputFiles[0].text,
);

// The build's tables in place of src/cli/verb-bundles.ts's empty ones: the bundles above for bin-core.cjs, and
// bin-core.cjs itself with the hash of bin's sources for bin.cjs.
const tables = (entries) => ({
  name: "verb-bundle-table",
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]cli[\\/]verb-bundles\.ts$/ }, () => ({
      contents: [
        `export const VERB_BUNDLES = ${JSON.stringify(bundles)};`,
        `export const CHUNK_PREFIX = ${JSON.stringify(CHUNK_PREFIX)};`,
        `export const LAZY_CHUNKS = ${JSON.stringify(chunks)};`,
        `export const RUN_WATCHER_BUNDLE = ${JSON.stringify(runWatcher)};`,
        `export const BIN_SOURCES_HASH = ${JSON.stringify(entries.sourcesHash ?? "")};`,
        `export const BIN_CORE_BUNDLE = ${JSON.stringify(entries.core)};`,
      ].join("\n"),
      loader: "js",
    }));
    // Reached only without a table: keep the sources' CLI out of the bundles.
    b.onResolve({ filter: /^\.\/(cli\/)?(main|bin-core)\.js$/ }, (args) => ({ path: args.path, external: true }));
  },
});

// bin-core.cjs: the replay and the verbs' loader (src/cli/bin-core.ts), which bin.cjs loads with its code cache.
const core = await writeBundle(
  "bin-core.cjs",
  (
    await build({
      ...BUNDLE_OPTIONS,
      entryPoints: [join(SRC, "cli", "bin-core.ts")],
      outfile: join(DIST, "bin-core.cjs"),
      plugins: [tables({}), lazyModules],
    })
  ).outputFiles[0].text,
);

// bin.cjs: the version and the loader of bin-core.cjs. A classic script, as the package's bin: Node starts an ES
// module entry ~3 ms slower. Built twice: the first build lists bin's sources, whose hash (with bin-core's) the second
// writes in (a run memo from another bin is never replayed).
const BIN_OPTIONS = {
  absWorkingDir: ROOT,
  entryPoints: [join(SRC, "bin.ts")],
  outfile: join(DIST, "bin.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  define: { "import.meta.url": "__promptcBundle.url", "import.meta.dirname": "__dirname" },
  banner: { js: BUNDLE_URL_BANNER },
  logLevel: "warning",
  legalComments: "none",
};
const listed = await build({ ...BIN_OPTIONS, write: false, metafile: true, plugins: [tables({ core }), lazyModules] });
const binSources = createHash("sha256").update(core.hash);
for (const input of Object.keys(listed.metafile.inputs).sort())
  if (!input.includes(":") && !input.endsWith("verb-bundles.ts"))
    binSources.update(input).update(await readFile(join(ROOT, input)));
await build({
  ...BIN_OPTIONS,
  plugins: [tables({ core, sourcesHash: binSources.digest("hex").slice(0, 16) }), lazyModules],
});
// dist/bin.js, for whoever runs `node dist/bin.js` (the GitHub action, scripts): the same executable.
await writeFile(
  join(DIST, "bin.js"),
  '#!/usr/bin/env node\n// Runs promptc: bin.cjs is the executable.\nimport "./bin.cjs";\n',
);

// npm links the bin before `prepare` builds it, so on a fresh clone nothing else marks it executable
// (`npx promptc` would fail with "Permission denied").
for (const bin of ["bin.cjs", "bin.js"]) await chmod(join(DIST, bin), 0o755);

/**
 * dist/ keeps tsc's output of every module (benchmarks import some directly), but the package ships only what
 * runs: the files reachable from the entries (bin.js and its chunks, and the library entries with their types).
 * The rest (~400 modules the bundle already contains) is listed in dist/.npmignore, which `npm pack` honours.
 */
async function reachableFrom(entries) {
  const seen = new Set();
  const queue = entries.map((e) => join(DIST, e));
  // Relative specifiers in import/export/require.
  const specifier = /["'](\.\.?\/[^"'\s]+?)["']/g;
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text === undefined) continue;
    seen.add(file);
    if (file.endsWith(".js")) queue.push(file.replace(/\.js$/, ".d.ts"));
    for (const [, spec] of text.matchAll(specifier)) {
      const target = join(dirname(file), spec);
      // bin.cjs and bin-core.cjs name the sources' CLI only for a build without their tables, which this is not.
      if (
        (file === join(DIST, "bin.cjs") && target === join(DIST, "cli", "bin-core.js")) ||
        (file === join(DIST, "bin-core.cjs") && target === join(DIST, "main.js"))
      )
        continue;
      queue.push(target);
      if (target.endsWith(".js")) queue.push(target.replace(/\.js$/, ".d.ts"));
    }
  }
  return seen;
}

async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else out.push(full);
  }
  return out;
}

const live = await reachableFrom(["bin.cjs", "bin.js", "index.js", "node.js", "vitest.js"]);
const dead = (await filesUnder(DIST))
  .filter((f) => !live.has(f) && !f.endsWith(".npmignore"))
  .map((f) => `/${relative(DIST, f).split("\\").join("/")}`);
await writeFile(
  join(DIST, ".npmignore"),
  `# Written by esbuild.config.mjs: modules the package does not run (the CLI bundle contains them).\n${dead.sort().join("\n")}\n`,
);
