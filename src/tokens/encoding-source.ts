// Where each encoding's rank tables come from: the data modules generated at build time (src/tokens/data/),
// decoded and hashed on first use. Pure. The CLI bundle replaces this module (esbuild.config.mjs) with
// src/host/encoding-source-files.ts, which reads prebuilt tables, so it never parses the 3 MB of base64.
import { buildEncodingTables, type EncodingTables } from "./encoding-tables.js";
import * as cl100kData from "./data/cl100k_base.js";
import * as o200kData from "./data/o200k_base.js";

export type EncodingName = "o200k_base" | "cl100k_base";

/** The encoding's tables, built from the embedded data (decode + hash: ~10-25 ms for o200k_base). */
export function loadEncodingTables(name: EncodingName): EncodingTables {
  switch (name) {
    case "o200k_base":
      return buildEncodingTables(o200kData.encodingData(), o200kData.TOKEN_COUNT);
    case "cl100k_base":
      return buildEncodingTables(cl100kData.encodingData(), cl100kData.TOKEN_COUNT);
    default: {
      const unknown: never = name;
      throw new Error(`unknown encoding: ${String(unknown)}`);
    }
  }
}
