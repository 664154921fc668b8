// Bundles the CLI (src/bin.ts → dist/bin.js) after `tsc` has emitted dist/: one ESM file per verb instead of
// ~150 dist modules plus commander/yaml/handlebars/smol-toml as CommonJS. Node 20 has no ESM compile cache, so
// resolving and compiling that many modules was a fifth of a cold `promptc preview`. The library entries
// (`.`, `./node`, `./vitest`) stay tsc's unbundled output. Run by `npm run build`.
import { build } from "esbuild";
import { chmod, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

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
 * The CLI reads each encoding's rank tables from a prebuilt blob (one file read) instead of decoding the
 * base64 data modules and hashing 200k tokens at run time (~20 ms of a cold preview): in the bundle,
 * src/tokens/encoding-source.ts is replaced by src/host/encoding-source-files.ts, and the blobs are
 * written here from tsc's output of the same pure code.
 */
const substitutes = new Map([[join(SRC, "tokens", "encoding-source.ts"), join(SRC, "host", "encoding-source-files.ts")]]);
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

/**
 * Packages the CLI loads only when first used: each is vendored as one CommonJS file, dist/vendor/<name>.cjs,
 * and the bundle imports a stand-in whose exports forward to it, required on first access. `yaml` (~260 KB
 * of code to compile and initialise) is needed by a preview only for frontmatter the fast path leaves to it;
 * `handlebars` (compiler and source-map, ~200 KB) only for templates that are not precompiled defaults
 * (`handlebars/runtime`, which renders those, is bundled as usual).
 */
const LAZY_PACKAGES = ["yaml", "handlebars"];
const VENDOR = join(DIST, "vendor");

function lazyStandIn(name, exportNames) {
  const lines = [
    'import { createRequire } from "node:module";',
    // Every chunk is written to dist/ itself, so the vendored file is at ./vendor/ from any of them.
    `let loaded;`,
    `const load = () => (loaded ??= createRequire(import.meta.url)(${JSON.stringify(`./vendor/${name}.cjs`)}));`,
    // A callable, constructible proxy: calls, `new`, property reads (visit.BREAK) and instanceof all reach the real export.
    // The default export of a CommonJS package is its module.exports object itself.
    "const real = (key) => (key === undefined ? load() : load()[key]);",
    "const forward = (key) => new Proxy(function () {}, {",
    "  apply: (_target, thisArg, args) => Reflect.apply(real(key), thisArg, args),",
    "  construct: (_target, args) => Reflect.construct(real(key), args),",
    "  get: (_target, prop) => real(key)[prop],",
    "  has: (_target, prop) => prop in real(key),",
    "});",
  ];
  for (const exportName of exportNames) {
    if (exportName === "default") lines.push("export default forward(undefined);");
    else lines.push(`export const ${exportName} = forward(${JSON.stringify(exportName)});`);
  }
  return lines.join("\n");
}

const lazyPackages = {
  name: "lazy-packages",
  setup(b) {
    const filter = new RegExp(`^(?:${LAZY_PACKAGES.join("|")})$`);
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: "lazy-package" }));
    b.onLoad({ filter: /.*/, namespace: "lazy-package" }, async (args) => {
      const exportNames = Object.keys(await import(args.path));
      return { contents: lazyStandIn(args.path, exportNames), loader: "js", resolveDir: ROOT };
    });
  },
};

for (const name of LAZY_PACKAGES) {
  await build({
    stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: ROOT, sourcefile: `${name}-vendor.cjs`, loader: "js" },
    outfile: join(VENDOR, `${name}.cjs`),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    logLevel: "warning",
    legalComments: "none",
  });
}

const { loadEncodingTables } = await import(pathToFileURL(join(DIST, "tokens", "encoding-source.js")).href);
const { encodeTablesFile } = await import(pathToFileURL(join(DIST, "tokens", "encoding-tables-file.js")).href);
for (const name of ["o200k_base", "cl100k_base"]) {
  await writeFile(join(DIST, "tokens", "data", `${name}.tables`), encodeTablesFile(loadEncodingTables(name)));
}

// Chunk names carry a content hash: drop the previous build's so dist/ holds only live ones.
for (const name of await readdir(DIST).catch(() => [])) {
  if (/^chunk-[A-Z0-9]+\.js$/.test(name)) await rm(join(DIST, name));
}

await build({
  entryPoints: { bin: join(SRC, "bin.ts") },
  outdir: DIST,
  bundle: true,
  splitting: true,
  chunkNames: "chunk-[hash]",
  format: "esm",
  platform: "node",
  target: "node20",
  // CommonJS dependencies (commander, handlebars) call require() for Node built-ins.
  banner: { js: 'import { createRequire as __promptcCreateRequire } from "node:module";\nconst require = __promptcCreateRequire(import.meta.url);' },
  plugins: [lazyPackages, substitute, keepModuleUrls],
  logLevel: "warning",
  legalComments: "none",
});

// npm links the bin before `prepare` builds it, so on a fresh clone nothing else marks it executable
// (`npx promptc` would fail with "Permission denied").
await chmod(join(DIST, "bin.js"), 0o755);
