// The build's lazy modules (esbuild.config.mjs): imports a verb's bundle evaluates on first use, through a stand-in,
// and the packages among them built as chunks of their own. Run by the build only.
import { createRequire } from "node:module";
import { join } from "node:path";

/**
 * Modules a verb's bundle evaluates on first use instead of at its start: each import of one of these resolves to
 * a stand-in whose properties (the module's own, listed here at build time) load the real module when first read.
 * node:child_process drags in net, dgram and the process wrappers (~3 ms of Node's own compiling) for commander,
 * which spawns only for executable subcommands, and for probes most runs never reach; node:module (four of Node's
 * modules compiled) serves a createRequire that only runs for colour output, node:tty (net and streams) only a
 * character device's question (src/cli/standard-streams.ts); the packages' top levels
 * ran in every verb that bundles them. A stand-in of a function module is callable and constructible; its own
 * `length`, `name` and `prototype` are not the module's.
 */
const LAZY_MODULES = [
  "node:child_process",
  "node:module",
  "node:tty",
  "yaml",
  "ajv",
  "handlebars",
  "handlebars/runtime.js",
  "ignore",
  "smol-toml",
  "fast-glob",
];
/**
 * Of those, the packages a verb's usual run does not reach (lint's config schema, template compiling, glob
 * patterns): each is one file of its own, dist/lazy-<package>.cjs, which bin.js loads with its own code cache on
 * first use, instead of ~300 KB in every verb's bundle that every run reads (lint 860 -> 560 KB). yaml and
 * smol-toml stay in the bundles: lint and agents read frontmatter and config.toml on every run.
 */
export const CHUNKED_MODULES = ["ajv", "handlebars", "fast-glob"];
function standInSource(requireForBuild, chunkPrefix, specifier) {
  const real = requireForBuild(specifier);
  const target = CHUNKED_MODULES.includes(specifier) ? `${chunkPrefix}${specifier}` : specifier;
  const callable = typeof real === "function";
  const keys = Object.getOwnPropertyNames(real).filter(
    (k) => k !== "__esModule" && !(callable && ["length", "name", "prototype"].includes(k)),
  );
  return [
    `let real;`,
    `const load = () => (real ??= require(${JSON.stringify(target)}));`,
    callable
      ? "const standIn = function (...args) { return new.target === undefined ? load().apply(this, args) : Reflect.construct(load(), args); };"
      : "const standIn = {};",
    // A plain value: esbuild's interop reads __esModule at the import, which must not load the module.
    real.__esModule ? 'Object.defineProperty(standIn, "__esModule", { value: true });' : "",
    `for (const key of ${JSON.stringify(keys)}) Object.defineProperty(standIn, key, { get: () => load()[key], enumerable: true });`,
    "module.exports = standIn;",
  ].join("\n");
}
/** The plugin; `chunkPrefix` is what a chunked package's stand-in requires (src/cli/verb-bundles.ts). */
export function lazyModulesPlugin(root, chunkPrefix) {
  const requireForBuild = createRequire(join(root, "package.json"));
  return {
    name: "lazy-modules",
    setup(b) {
      const filter = new RegExp(`^(${LAZY_MODULES.map((m) => m.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")).join("|")})$`);
      // The stand-in's own require reaches the real module.
      b.onResolve({ filter }, (args) =>
        args.namespace === "lazy-module"
          ? undefined
          : { path: args.path, namespace: "lazy-module", sideEffects: false },
      );
      b.onResolve({ filter: new RegExp(`^${chunkPrefix}`) }, (args) => ({ path: args.path, external: true }));
      b.onLoad({ filter: /.*/, namespace: "lazy-module" }, (args) => ({
        contents: standInSource(requireForBuild, chunkPrefix, args.path),
        loader: "js",
        resolveDir: root,
      }));
    },
  };
}
