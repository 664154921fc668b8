// Invariant 6 (DESIGN.md): the public API is a hand-kept list. Each entry's sorted export names (values, and
// types marked `type`) are locked by a snapshot under snapshots/api/; the names the README promises exist and
// the README's library example runs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as api from "../../src/index.js";
import * as node from "../../src/node.js";
import * as vitestEntry from "../../src/vitest.js";
import { SRC } from "./source-files.js";

/** The names a module's source exports: `export { a, type B } from`, `export type { C }`, `export function d`, … */
function exportedNames(text: string): { values: string[]; types: string[] } {
  const values: string[] = [];
  const types: string[] = [];
  for (const m of text.matchAll(/^export\s+(type\s+)?\{([^}]*)\}/gm)) {
    for (const raw of m[2]!
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "")) {
      const isType = m[1] !== undefined || raw.startsWith("type ");
      const name = raw
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      (isType ? types : values).push(name);
    }
  }
  for (const m of text.matchAll(
    /^export\s+(?:declare\s+)?(async\s+function|function\*?|const|let|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm,
  )) {
    (m[1] === "type" || m[1] === "interface" ? types : values).push(m[2]!);
  }
  return { values: values.sort(), types: types.sort() };
}

const ENTRIES = [
  { entry: "promptc", file: "index.ts", module: api as Record<string, unknown> },
  { entry: "promptc/node", file: "node.ts", module: node as Record<string, unknown> },
  { entry: "promptc/vitest", file: "vitest.ts", module: vitestEntry as Record<string, unknown> },
] as const;

const sourceOf = (file: string) => readFileSync(join(SRC, file), "utf8");

describe("public API", () => {
  describe.each(ENTRIES)("$entry", ({ entry, file, module }) => {
    it("is a list of names, not a re-export of whole modules", () => {
      expect(sourceOf(file).match(/^export\s+(type\s+)?\*.*$/gm) ?? []).toEqual([]);
    });

    it("exports at run time exactly the values its source lists", () => {
      expect(Object.keys(module).sort()).toEqual(exportedNames(sourceOf(file)).values);
    });

    it("matches the snapshot of its sorted export names", async () => {
      const { values, types } = exportedNames(sourceOf(file));
      const names = [...values, ...types.map((t) => `type ${t}`)].sort((a, b) =>
        a.replace(/^type /, "").localeCompare(b.replace(/^type /, "")),
      );
      const header = `# ${entry}: ${values.length} values, ${types.length} types (hand-kept in src/${file})\n`;
      await expect(header + names.join("\n") + "\n").toMatchFileSnapshot(
        `../../snapshots/api/${entry.replace("/", "-")}.txt`,
      );
    });
  });

  it("reads names from export lists and declarations (self-check)", () => {
    const text = [
      'export { a, type B, c as d } from "./x.js";',
      'export type {\n  E,\n  F,\n} from "./y.js";',
      "export function g() {}",
      "export const h = 1;",
      "export interface I {}",
      "export type J = string;",
      "const notExported = 2;",
    ].join("\n");
    expect(exportedNames(text)).toEqual({ values: ["a", "d", "g", "h"], types: ["B", "E", "F", "I", "J"] });
  });

  it.each([
    "compile",
    "createSession",
    "nextRequest",
    "commonPrefix",
    "simulateCache",
    "compactHistory",
    "matchFragment",
    "countTokens",
    "createTokenCounter",
  ])("promptc exports %s", (name) => {
    expect(typeof (api as Record<string, unknown>)[name]).toBe("function");
  });

  it.each(["createNodeHost", "loadTurnContext", "createMemoryHost"])("promptc/node exports %s", (name) => {
    expect(typeof (node as Record<string, unknown>)[name]).toBe("function");
  });

  it("runs the README's library example on a bundled workspace", () => {
    const host = node.createNodeHost({ cwd: new URL("../../fixtures/workspaces/basic", import.meta.url).pathname });
    const { value: turn, diagnostics } = node.loadTurnContext(host, {
      cwd: "packages/api",
      codexHome: ".codex-home",
      message: "fix the test",
    });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const { request, bytes, manifest } = api.compile(turn!, { profile: "codex" });
    expect(JSON.parse(bytes)).toEqual(JSON.parse(JSON.stringify(request)));
    expect(manifest.fragments.map((f) => f.id)).toContain("agents-md");
  });
});
