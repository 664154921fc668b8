// `@path` imports in CLAUDE.md/GEMINI.md (outside code) and their transitive expansion through a LintFs. Pure.
import { createLintFile, dirOf, joinPath } from "./lint-file.js";
import type { LintFs } from "./lint-project.js";
import { isInCode, type Markdown } from "./parse-markdown.js";
import type { TextIndex } from "./text-index.js";

export interface ImportRef {
  raw: string;
  /** Project-relative resolved path; undefined for `~/` (outside the project) or above the root. */
  path: string | undefined;
  line: number;
  column: number;
}

/** Only `./`, `../`, `/`-containing or extension-bearing paths count, so `@scope/pkg` mentions and e-mail addresses do not. */
const IMPORT = /(^|[\s(])@((?:\.{1,2}\/|~\/)?[\w.\-/]*[\w\-/]\.[A-Za-z0-9]+|(?:\.{1,2}|~)\/[\w.\-/]+)/g;

export function findImports(path: string, index: TextIndex, md: Markdown): ImportRef[] {
  const out: ImportRef[] = [];
  index.lines.forEach((line, i) => {
    if (md.inCode[i]) return;
    for (const m of line.matchAll(IMPORT)) {
      const col0 = m.index + (m[1] as string).length;
      if (isInCode(md, i + 1, col0)) continue;
      const raw = m[2] as string;
      const path2 = raw.startsWith("~/") ? undefined : joinPath(dirOf(path), raw);
      out.push({ raw, path: path2, line: i + 1, column: col0 + 1 });
    }
  });
  return out;
}

export function isImportingFile(path: string): boolean {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return (
    base === "CLAUDE.md" ||
    base === "CLAUDE.local.md" ||
    base === "GEMINI.md" ||
    path.startsWith(".claude/rules/") ||
    path.includes("/.claude/rules/")
  );
}

/** Imports of a file read through the LintFs (cached per call site by the caller). */
export function importsOf(fs: LintFs, path: string): ImportRef[] {
  const text = fs.readText(path);
  if (text === undefined) return [];
  const f = createLintFile(path, "context", text);
  return findImports(path, f.index, f.markdown);
}

export interface ImportWalk {
  /** A cycle found, as the chain of paths ending where it started. */
  cycle?: string[];
  /** Longest import chain (hops) below the file. */
  depth: number;
  deepestChain: string[];
  /** Every file reached (without the root file). */
  reached: string[];
}

/** Depth-first walk of imports, bounded by `maxHops + 1` so a deep chain is noticed without walking forever. */
export function walkImports(fs: LintFs, root: string, rootImports: ImportRef[], maxHops: number): ImportWalk {
  const result: ImportWalk = { depth: 0, deepestChain: [], reached: [] };
  const reached = new Set<string>();
  const visit = (imports: ImportRef[], chain: string[]): void => {
    if (chain.length - 1 > result.depth) {
      result.depth = chain.length - 1;
      result.deepestChain = chain;
    }
    if (chain.length > maxHops + 2) return;
    for (const imp of imports) {
      if (!imp.path || fs.kind(imp.path) !== "file") continue;
      if (chain.includes(imp.path)) {
        result.cycle ??= [...chain.slice(chain.indexOf(imp.path)), imp.path];
        continue;
      }
      reached.add(imp.path);
      visit(importsOf(fs, imp.path), [...chain, imp.path]);
    }
  };
  visit(rootImports, [root]);
  result.reached = [...reached].sort();
  return result;
}
