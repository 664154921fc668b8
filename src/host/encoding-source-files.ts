// The CLI's source of encoding tables. The package ships each encoding once, as the data module the library
// imports (dist/tokens/data/<encoding>.js); the CLI reads that file as text, builds the rank tables once and
// keeps them as a prebuilt blob in the user's cache (<cache>/encodings/<encoding>.tables), which later runs read
// with one file read. Does IO. The bundle uses it in place of src/tokens/encoding-source.ts (esbuild.config.mjs).
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EncodingName } from "../tokens/encoding-source.js";
import { buildEncodingTables, type EncodingTables } from "../tokens/encoding-tables.js";
import { decodeTablesFile, encodeTablesFile } from "../tokens/encoding-tables-file.js";
import { makeDirectories } from "./make-directories.js";
import { homeDirectory } from "./node-os.js";
import { defaultTokenCacheDir } from "./token-cache.js";

export type { EncodingName } from "../tokens/encoding-source.js";

/** The tables file of an encoding inside a tables directory. */
export function tablesFileName(name: EncodingName): string {
  return `${name}.tables`;
}

/** `export const TOKEN_COUNT = N;` then `return "<base64>";`, as generate-encoding-data.mjs writes (and tsc keeps). */
const DATA_MODULE = /export const TOKEN_COUNT = (\d+);[\s\S]*?return "([A-Za-z0-9+/=]+)";/;

/** The rank tables from a generated data module's text; a module not in that form is a broken build (thrown). */
export function tablesFromDataModule(text: string, name: EncodingName): EncodingTables {
  const m = DATA_MODULE.exec(text);
  if (!m) throw new Error(`the ${name} data module is not in the generated form (rebuild promptc: npm run build)`);
  return buildEncodingTables(m[2] as string, Number(m[1]));
}

/** Best effort: a cache that cannot be written only costs the next run the build again. */
function writeCached(dir: string, name: EncodingName, tables: EncodingTables): void {
  const path = join(dir, tablesFileName(name));
  const temp = `${path}.${process.pid}.tmp`;
  try {
    makeDirectories(dir);
    writeFileSync(temp, encodeTablesFile(tables));
    renameSync(temp, path);
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // nothing left to clean up
    }
  }
}

function readCached(dir: string, name: EncodingName): EncodingTables | undefined {
  try {
    return decodeTablesFile(readFileSync(join(dir, tablesFileName(name))));
  } catch {
    // Missing, unreadable or corrupt (another layout version): build it again.
    return undefined;
  }
}

/**
 * A loader for `<dataDir>/<encoding>.js`, through prebuilt tables in `cacheDir` when given. A missing data module
 * is a broken install (thrown). `dataDir` may be given as a function, asked only when a data module is read.
 */
export function createFileEncodingSource(
  dataDir: URL | (() => URL),
  cacheDir?: string,
): (name: EncodingName) => EncodingTables {
  return (name) => {
    const cached = cacheDir === undefined ? undefined : readCached(cacheDir, name);
    if (cached) return cached;
    const file = new URL(`${name}.js`, typeof dataDir === "function" ? dataDir() : dataDir);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      throw new Error(`cannot read ${file.pathname} (rebuild promptc: npm run build): ${String(error)}`);
    }
    const tables = tablesFromDataModule(text, name);
    if (cacheDir !== undefined) writeCached(cacheDir, name, tables);
    return tables;
  };
}

/** `<token cache dir>/encodings`; none when PROMPTC_TOKEN_CACHE is `0`/`off` (tests) or no cache dir is known. */
export function tablesCacheDir(
  env: Readonly<Record<string, string | undefined>>,
  home: string | undefined,
): string | undefined {
  const setting = env["PROMPTC_TOKEN_CACHE"];
  if (setting === "0" || setting === "off") return undefined;
  const dir = defaultTokenCacheDir(env, home);
  return dir === undefined ? undefined : join(dir, "encodings");
}

// This module's URL is its tsc output's, dist/host/encoding-source-files.js, also inside the bundle. Built only when
// a data module is read: a run that finds every count or table in the cache parses no URL.
export const loadEncodingTables = createFileEncodingSource(
  () => new URL("../tokens/data/", import.meta.url),
  tablesCacheDir(process.env, homeDirectory()),
);
