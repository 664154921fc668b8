// DESIGN.md: no import circles in src/ — neither at runtime nor through type-only imports (a circle of types
// is still two modules that cannot be read, moved or tested one without the other).
import { describe, expect, it } from "vitest";
import { importCircles, importGraph, importsIn, type ImportEdge } from "./import-graph.js";

describe("import circles", () => {
  const graph = importGraph();

  it("reads the imports of src/", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("index.ts")?.length).toBeGreaterThan(5);
  });

  it("finds none among runtime imports", () => {
    expect(importCircles(graph, (edge) => !edge.typeOnly)).toEqual([]);
  });

  it("finds none among all imports, type-only included", () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it("tells type-only imports from runtime ones, dynamic imports included", () => {
    const text = [
      'import type { A } from "./a.js";',
      'import { b, type B } from "../b/b.js";',
      "export type { C } from './c.js';",
      'export { d } from "./d.js";',
      'import "./e.js";',
      'const f = await import("./f.js");',
      'import {\n  g,\n  h,\n} from "./g.js";',
      'import { readFileSync } from "node:fs";',
    ].join("\n");
    expect(importsIn("x/file.ts", text)).toEqual<ImportEdge[]>([
      { target: "x/a.ts", typeOnly: true },
      { target: "b/b.ts", typeOnly: false },
      { target: "x/c.ts", typeOnly: true },
      { target: "x/d.ts", typeOnly: false },
      { target: "x/e.ts", typeOnly: false },
      { target: "x/g.ts", typeOnly: false },
      { target: "x/f.ts", typeOnly: false },
    ]);
  });

  it("reports a runtime circle, a type-only circle and a self-import (self-check)", () => {
    const edge = (target: string, typeOnly = false): ImportEdge => ({ target, typeOnly });
    const fake = new Map<string, ImportEdge[]>([
      ["a.ts", [edge("b.ts")]],
      ["b.ts", [edge("c.ts")]],
      ["c.ts", [edge("a.ts"), edge("d.ts")]],
      ["d.ts", []],
      ["e.ts", [edge("f.ts", true)]],
      ["f.ts", [edge("e.ts")]],
      ["g.ts", [edge("g.ts")]],
    ]);
    expect(importCircles(fake)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts", "f.ts"], ["g.ts"]]);
    expect(importCircles(fake, (e) => !e.typeOnly)).toEqual([["a.ts", "b.ts", "c.ts"], ["g.ts"]]);
  });
});
