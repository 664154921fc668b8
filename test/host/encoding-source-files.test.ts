import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createFileEncodingSource, tablesFileName } from "../../src/host/encoding-source-files.js";
import { buildEncodingTables } from "../../src/tokens/encoding-tables.js";
import { encodeTablesFile } from "../../src/tokens/encoding-tables-file.js";

const DIR = mkdtempSync(join(tmpdir(), "promptc-tables-"));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe("createFileEncodingSource", () => {
  it("reads <dir>/<encoding>.tables", () => {
    const tokens = ["x", "y", "xy"].map((t) => new TextEncoder().encode(t));
    const data = Buffer.concat([Buffer.from(tokens.map((t) => t.length - 1)), ...tokens]).toString("base64");
    const tables = buildEncodingTables(data, tokens.length);
    writeFileSync(join(DIR, tablesFileName("o200k_base")), encodeTablesFile(tables));
    const loaded = createFileEncodingSource(pathToFileURL(`${DIR}/`))("o200k_base");
    expect([[...loaded.offsets], [...loaded.slots], [...loaded.bytes]]).toEqual([[...tables.offsets], [...tables.slots], [...tables.bytes]]);
  });

  it("names the missing file and the fix when the build left none", () => {
    expect(() => createFileEncodingSource(pathToFileURL(`${DIR}/`))("cl100k_base")).toThrow(/cl100k_base\.tables.*npm run build/);
  });
});
