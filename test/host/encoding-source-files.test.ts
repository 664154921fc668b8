import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  createFileEncodingSource,
  tablesCacheDir,
  tablesFileName,
  tablesFromDataModule,
} from "../../src/host/encoding-source-files.js";
import { loadEncodingTables } from "../../src/tokens/encoding-source.js";
import { decodeTablesFile } from "../../src/tokens/encoding-tables-file.js";

const DIR = mkdtempSync(join(tmpdir(), "promptc-tables-"));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const tokens = ["x", "y", "xy"].map((t) => new TextEncoder().encode(t));
const data = Buffer.concat([Buffer.from(tokens.map((t) => t.length - 1)), ...tokens]).toString("base64");
// What tsc makes of a generated data module.
const module = `// GENERATED …\nexport const TOKEN_COUNT = ${tokens.length};\nexport function encodingData() {\n    return "${data}";\n}\n`;
const plain = (t: { offsets: Uint32Array; slots: Int32Array; bytes: Uint8Array }) => [
  [...t.offsets],
  [...t.slots],
  [...t.bytes],
];

describe("createFileEncodingSource", () => {
  const dataDir = join(DIR, "data");
  const cache = join(DIR, "cache");

  it("builds the tables from <dataDir>/<encoding>.js, keeps them in the cache, and reads the cache next time", async () => {
    const { mkdirSync } = await import("node:fs");
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, "o200k_base.js"), module);
    const first = createFileEncodingSource(pathToFileURL(`${dataDir}/`), cache)("o200k_base");
    expect(existsSync(join(cache, tablesFileName("o200k_base")))).toBe(true);
    expect(plain(decodeTablesFile(readFileSync(join(cache, tablesFileName("o200k_base")))))).toEqual(plain(first));
    // The cache alone answers: the data module is not read again.
    rmSync(join(dataDir, "o200k_base.js"));
    expect(plain(createFileEncodingSource(pathToFileURL(`${dataDir}/`), cache)("o200k_base"))).toEqual(plain(first));
  });

  it("rebuilds over a corrupt cache file", () => {
    writeFileSync(join(dataDir, "cl100k_base.js"), module);
    writeFileSync(join(cache, tablesFileName("cl100k_base")), "not tables");
    const tables = createFileEncodingSource(pathToFileURL(`${dataDir}/`), cache)("cl100k_base");
    expect(tables.offsets.length).toBe(tokens.length + 1);
    expect(plain(decodeTablesFile(readFileSync(join(cache, tablesFileName("cl100k_base")))))).toEqual(plain(tables));
  });

  it("names the missing data module and the fix when the install has none", () => {
    expect(() => createFileEncodingSource(pathToFileURL(`${join(DIR, "none")}/`))("cl100k_base")).toThrow(
      /cl100k_base\.js.*npm run build/,
    );
  });
});

describe("tablesFromDataModule", () => {
  it("equals the library's own tables for the real generated module (the CLI and the library count alike)", () => {
    const text = readFileSync(join(import.meta.dirname, "..", "..", "src", "tokens", "data", "cl100k_base.ts"), "utf8");
    expect(plain(tablesFromDataModule(text, "cl100k_base"))).toEqual(plain(loadEncodingTables("cl100k_base")));
  });
});

describe("tablesCacheDir", () => {
  it("is <cache>/promptc/encodings, and none when PROMPTC_TOKEN_CACHE is off", () => {
    expect(tablesCacheDir({ XDG_CACHE_HOME: "/c" }, "/h")).toBe("/c/promptc/encodings");
    expect(tablesCacheDir({}, "/h")).toBe("/h/.cache/promptc/encodings");
    expect(tablesCacheDir({ PROMPTC_TOKEN_CACHE: "off" }, "/h")).toBeUndefined();
  });
});
