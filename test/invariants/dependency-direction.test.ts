// DESIGN.md: dependencies point one way — model ← tokens ← fragments ← profiles ← compile ← session ←
// compact/cache ← lint ← loop/capture ← cli — and host/ and discover/ only feed data in: no core module imports them.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles, SRC } from "./source-files.js";

const RANK: { [layer: string]: number } = {
  model: 0,
  tokens: 1,
  fragments: 2,
  profiles: 3,
  compile: 4,
  session: 5,
  compact: 6,
  cache: 6,
  lint: 7,
  loop: 8,
  capture: 8,
  cli: 9,
  vitest: 9,
  index: 9,
};
/** The IO edges: they may import anything; the core may not import them. */
const EDGES = new Set(["host", "discover", "node", "bin"]);
/** IO places inside core folders (their own entry points and adapters), as the purity test allows. */
const EDGE_FILES = [/^loop\/node\.ts$/, /^loop\/providers\//, /^loop\/tools\//, /^capture\/server\//, /^cli\//];

const layerOf = (file: string) => file.split("/")[0]!.replace(/\.ts$/, "");

function imports(file: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.\.?\/[^"']+)["']/g)].map((m) => relative(SRC, resolve(dirname(join(SRC, file)), m[1]!)).split("\\").join("/"));
}

/** `file → target` for every import of a core module that points to a later layer or to an IO edge. */
function violations(files: string[], importsOf: (file: string) => string[]): string[] {
  const wrong: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    if (EDGES.has(from) || EDGE_FILES.some((re) => re.test(file))) continue;
    for (const target of importsOf(file)) {
      const to = layerOf(target);
      if (to === from) continue;
      if (EDGES.has(to) || (RANK[to] ?? 0) > RANK[from]!) wrong.push(`${file} → ${target}`);
    }
  }
  return wrong;
}

describe("dependency direction", () => {
  const files = sourceFiles();

  it("knows every top-level folder of src/", () => {
    const unknown = [...new Set(files.map(layerOf))].filter((l) => !(l in RANK) && !EDGES.has(l));
    expect(unknown).toEqual([]);
  });

  it("has no core module importing a later layer or an IO edge", () => {
    expect(violations(files, imports)).toEqual([]);
  });

  it("catches an upward import and a core import of discovery (self-check)", () => {
    const fake: { [file: string]: string[] } = {
      "session/a.ts": ["cache/common-prefix.js", "compile/compile.js"],
      "compile/b.ts": ["discover/load-prose.js"],
      "cli/c.ts": ["discover/load-prose.js"],
    };
    expect(violations(Object.keys(fake), (f) => fake[f]!)).toEqual(["session/a.ts → cache/common-prefix.js", "compile/b.ts → discover/load-prose.js"]);
  });
});
