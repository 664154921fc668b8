import { describe, expect, it } from "vitest";
import { type GeminiImportRecord, processGeminiImports } from "../../../src/discover/gemini/process-gemini-imports.js";
import { createCachingHost } from "../../../src/host/create-caching-host.js";
import type { Host } from "../../../src/host/host.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";

const files = {
  "/w/repo/.git": { dir: true as const },
  "/w/repo/x.md": "x",
  "/w/outside.md": "outside",
  "/w/repo/a/b/GEMINI.md": "@../../x.md @../../../outside.md",
  "/w/repo/a/GEMINI.md": "@../x.md",
  // A repository of its own inside the first: its root is its own folder.
  "/w/repo/a/sub/.git": "gitdir: elsewhere",
  "/w/repo/a/sub/deep/GEMINI.md": "@../../../x.md @../here.md",
  "/w/repo/a/sub/here.md": "here",
  // No repository: the file's own folder bounds its imports.
  "/nogit/d/e/GEMINI.md": "@../y.md @./z.md",
  "/nogit/d/y.md": "y",
  "/nogit/d/e/z.md": "z",
  "/nogit/d/GEMINI.md": "@y.md",
};

/** Each file's records and text, asked in this order. */
function outcomes(host: Host, order: readonly string[]): Record<string, [string, GeminiImportRecord[]]> {
  const out: Record<string, [string, GeminiImportRecord[]]> = {};
  for (const file of order) {
    const records: GeminiImportRecord[] = [];
    const r = host.readBytes(file);
    const text = r.ok ? new TextDecoder().decode(r.value.bytes) : "";
    out[file] = [processGeminiImports(host, text, file, records), records];
  }
  return out;
}

describe("processGeminiImports' project root", () => {
  const deepestFirst = [
    "/w/repo/a/sub/deep/GEMINI.md",
    "/w/repo/a/b/GEMINI.md",
    "/w/repo/a/GEMINI.md",
    "/nogit/d/e/GEMINI.md",
    "/nogit/d/GEMINI.md",
  ];
  it.each([[deepestFirst], [[...deepestFirst].reverse()]])(
    "is the same through a caching host, whatever the order files are asked in (%j)",
    (order) => {
      const plain = outcomes(createMemoryHost({ files }), order);
      expect(outcomes(createCachingHost(createMemoryHost({ files })), order)).toEqual(plain);
      expect(plain["/w/repo/a/sub/deep/GEMINI.md"]?.[1].map((r) => r.outcome)).toEqual(["outside-project", "imported"]);
      expect(plain["/w/repo/a/b/GEMINI.md"]?.[1].map((r) => r.outcome)).toEqual(["imported", "outside-project"]);
      expect(plain["/nogit/d/e/GEMINI.md"]?.[1].map((r) => r.outcome)).toEqual(["outside-project", "imported"]);
      expect(plain["/nogit/d/GEMINI.md"]?.[1].map((r) => r.outcome)).toEqual(["imported"]);
    },
  );
});
