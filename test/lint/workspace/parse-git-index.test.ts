// Reading tracked paths from real git index files (v2, v3 with an intent-to-add entry, v4 prefix-compressed).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseGitIndex } from "../../../src/lint/workspace/parse-git-index.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "fixtures", "lint", "git-index");
const read = (name: string): Uint8Array => new Uint8Array(readFileSync(join(DIR, name)));
const TRACKED = ["CLAUDE.local.md", "a/b/AGENTS.override.md", "a/ü file.md"];

describe("parseGitIndex", () => {
  it.each([
    ["index-v2", TRACKED],
    ["index-v3", ["CLAUDE.local.md", "a/b/AGENTS.override.md", "a/b/new.md", "a/ü file.md"]],
    ["index-v4", TRACKED],
  ])("reads the paths of %s", (name, want) => {
    expect(parseGitIndex(read(name))).toEqual({ ok: true, paths: want });
  });

  it.each([
    ["garbage", new TextEncoder().encode("not an index at all"), "not a git index (no DIRC signature)"],
    ["truncated", read("index-v2").subarray(0, 40), "git index is truncated"],
    [
      "version 9",
      (() => {
        const b = read("index-v2").slice();
        b[7] = 9;
        return b;
      })(),
      "unsupported git index version 9",
    ],
  ])("reports %s instead of throwing", (_name, bytes, message) => {
    expect(parseGitIndex(bytes)).toEqual({ ok: false, message });
  });
});
