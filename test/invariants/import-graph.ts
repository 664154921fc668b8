// Test helper: the relative imports of every src/ file (runtime and type-only), and the import circles among them.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { sourceFiles, SRC } from "./source-files.js";

export interface ImportEdge {
  /** The imported file, relative to src/ with a `.ts` extension (`compile/compile.ts`). */
  target: string;
  /** `import type …` / `export type … from`: erased from the emitted JavaScript. */
  typeOnly: boolean;
}

const STATEMENT = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[^;"']*?\s+from\s+)?["'](\.\.?\/[^"']+)["']/g;
const DYNAMIC = /\bimport\(\s*["'](\.\.?\/[^"']+)["']\s*\)/g;

/** The relative imports in one file's text, resolved against `file` (relative to src/). */
export function importsIn(file: string, text: string): ImportEdge[] {
  const toTarget = (spec: string) =>
    relative(SRC, resolve(dirname(join(SRC, file)), spec))
      .split("\\")
      .join("/")
      .replace(/\.js$/, ".ts");
  const edges: ImportEdge[] = [];
  for (const m of text.matchAll(STATEMENT)) edges.push({ target: toTarget(m[3]!), typeOnly: m[2] !== undefined });
  for (const m of text.matchAll(DYNAMIC)) edges.push({ target: toTarget(m[1]!), typeOnly: false });
  return edges;
}

/** file → its imports, for every .ts file under src/. */
export function importGraph(): Map<string, ImportEdge[]> {
  return new Map(sourceFiles().map((file) => [file, importsIn(file, readFileSync(join(SRC, file), "utf8"))]));
}

/**
 * The strongly connected components with more than one file (or a file importing itself), each sorted, the list
 * sorted: every import circle, found with Tarjan's algorithm over the edges `keep` accepts.
 */
export function importCircles(
  graph: ReadonlyMap<string, readonly ImportEdge[]>,
  keep: (edge: ImportEdge) => boolean = () => true,
): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    const targets = (graph.get(file) ?? [])
      .filter(keep)
      .map((e) => e.target)
      .filter((t) => graph.has(t));
    for (const target of targets) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || targets.includes(file)) circles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
