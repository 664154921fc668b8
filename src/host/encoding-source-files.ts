// The CLI's source of encoding tables: prebuilt blobs dist/tokens/data/<encoding>.tables, written by
// esbuild.config.mjs, read with one file read. Does IO. The bundle uses it in place of src/tokens/encoding-source.ts.
import { readFileSync } from "node:fs";
import type { EncodingName } from "../tokens/encoding-source.js";
import type { EncodingTables } from "../tokens/encoding-tables.js";
import { decodeTablesFile } from "../tokens/encoding-tables-file.js";

export type { EncodingName } from "../tokens/encoding-source.js";

/** The tables file of an encoding inside a tables directory. */
export function tablesFileName(name: EncodingName): string {
  return `${name}.tables`;
}

/** A loader reading `<dir>/<encoding>.tables`; a missing or corrupt file is a broken build (thrown). */
export function createFileEncodingSource(dir: URL): (name: EncodingName) => EncodingTables {
  return (name) => {
    const file = new URL(tablesFileName(name), dir);
    let blob: Uint8Array;
    try {
      blob = readFileSync(file);
    } catch (error) {
      throw new Error(`cannot read ${file.pathname} (rebuild promptc: npm run build): ${String(error)}`);
    }
    return decodeTablesFile(blob);
  };
}

// This module's URL is its tsc output's, dist/host/encoding-source-files.js, also inside the bundle.
export const loadEncodingTables = createFileEncodingSource(new URL("../tokens/data/", import.meta.url));
