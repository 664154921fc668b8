// Gemini CLI's context files at start: the global `~/.gemini/<name>` files (they go in the system text) and the
// project's, found from the cwd up to the git root (the cwd alone outside git), sorted by path, each with its
// imports expanded; `<name>` is `context.fileName` (default GEMINI.md). IO through the Host only.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { dirnameOf, joinPath, normalizePath } from "../paths.js";
import { folderNode } from "../folder-chain.js";
import { appendAll } from "../../model/append-all.js";
import { processGeminiImports, type GeminiImportRecord } from "./process-gemini-imports.js";

export interface GeminiMemoryFile {
  path: string;
  /** Imports expanded (not yet trimmed; the block trims it). */
  content: string;
  bytesIn: number;
}

export interface GeminiMemory {
  global: GeminiMemoryFile[];
  project: GeminiMemoryFile[];
  imports: GeminiImportRecord[];
  /** Context files above the git root, which Gemini CLI does not read. */
  aboveRoot: string[];
  diagnostics: Diagnostic[];
}

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** `--- Context from: <abs> ---` blocks of the non-empty (trimmed) files, joined by a blank line. */
export function concatenateGeminiContext(files: readonly GeminiMemoryFile[]): string {
  return files
    .map((f) => ({ f, t: f.content.trim() }))
    .filter((x) => x.t.length > 0)
    .map(({ f, t }) => `--- Context from: ${f.path} ---\n${t}\n--- End of Context from: ${f.path} ---`)
    .join("\n\n");
}

/** A context file as read (imports expanded), with the import records its reading made; undefined: none there. */
interface GeminiRead {
  file: GeminiMemoryFile | undefined;
  imports: GeminiImportRecord[];
}

/** One folder of the walk: the names there that exist, and (sorted, unique) those of every folder up to the ceiling. */
interface GeminiWalkNode {
  found: string[];
  /** False when the walk stopped at ~/.gemini before it reached the ceiling. */
  reachedCeiling: boolean;
}

/**
 * What a run has already read, shared by every launch in it (`shareSlot(share, "gemini", …)`): each context
 * file's reading, and per walk (names, ~/.gemini, ceiling) each folder's node and the paths above the ceiling.
 * Without a share, a fresh one per call.
 */
export interface GeminiFolders {
  reads: Map<string, GeminiRead>;
  walks: Map<string, { nodes: Map<string, GeminiWalkNode>; above?: string[] }>;
}

export function createGeminiFolders(): GeminiFolders {
  return { reads: new Map(), walks: new Map() };
}

/** `path` added to the sorted list `sorted` (UTF-16 order, as Gemini CLI sorts), unless already there. */
function insertSorted(sorted: string[], path: string): void {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < path) lo = mid + 1;
    else hi = mid;
  }
  if (sorted[lo] !== path) sorted.splice(lo, 0, path);
}

export function discoverGeminiMemory(
  host: Host,
  options: { cwd: string; home: string; fileNames: readonly string[]; gitRoot?: string; folders?: GeminiFolders },
): GeminiMemory {
  const known = options.folders ?? createGeminiFolders();
  const diagnostics: Diagnostic[] = [];
  const imports: GeminiImportRecord[] = [];
  const readOnce = (path: string): GeminiRead => {
    let r = known.reads.get(path);
    if (r === undefined) {
      r = { file: undefined, imports: [] };
      const st = host.stat(path);
      const bytes = st.ok && st.value.kind === "file" ? host.readBytes(path) : undefined;
      if (bytes?.ok)
        r.file = {
          path,
          content: processGeminiImports(host, utf8.decode(bytes.value.bytes), path, r.imports),
          bytesIn: bytes.value.size,
        };
      known.reads.set(path, r);
    }
    return r;
  };
  const read = (path: string): GeminiMemoryFile | undefined => {
    const r = readOnce(path);
    appendAll(imports, r.imports);
    return r.file;
  };
  const geminiDir = joinPath(options.home, ".gemini");
  const global = options.fileNames
    .map((n) => read(joinPath(geminiDir, n)))
    .filter((f): f is GeminiMemoryFile => f !== undefined);
  const cwd = normalizePath(options.cwd);
  const ceiling = options.gitRoot ?? cwd;
  const ownNames = (dir: string): string[] =>
    options.fileNames.map((name) => joinPath(dir, name)).filter((p) => host.stat(p).ok);
  const walkKey = `${geminiDir}\u0000${ceiling}\u0000${options.fileNames.join("\u0000")}`;
  let walk = known.walks.get(walkKey);
  if (walk === undefined) known.walks.set(walkKey, (walk = { nodes: new Map() }));
  // The ceiling starts the walk afresh (the folder above it is outside); so does a folder below ~/.gemini.
  const node = folderNode(
    walk.nodes,
    cwd,
    (d, up): GeminiWalkNode => {
      const found = up !== undefined ? [...up.found] : [];
      for (const p of ownNames(d)) insertSorted(found, p);
      return { found, reachedCeiling: d === ceiling || (up?.reachedCeiling ?? false) };
    },
    { isTop: (d) => d === ceiling, isOutside: (d) => d === geminiDir },
  );
  // Context files above the git root, which Gemini CLI sees and does not read: the same for every launch below it.
  if (walk.above === undefined) {
    walk.above = [];
    for (let d = ceiling; dirnameOf(d) !== d; ) {
      d = dirnameOf(d);
      if (d === geminiDir) break;
      appendAll(walk.above, ownNames(d));
    }
  }
  const aboveRoot = node?.reachedCeiling ? [...walk.above] : [];
  // Gemini CLI sorts the paths (UTF-16 order), which is root-first for one name per folder.
  const project = (node?.found ?? []).map(read).filter((f): f is GeminiMemoryFile => f !== undefined);
  for (const p of aboveRoot)
    diagnostics.push(
      diagnostic(
        "gemini-md/above-git-root",
        "info",
        `${p} is above the git root ${ceiling}; Gemini CLI does not read it`,
        { file: p },
      ),
    );
  for (const i of imports) {
    if (i.outcome === "missing")
      diagnostics.push(
        diagnostic(
          "gemini-md/import-missing",
          "warning",
          `${i.importer} imports ${i.raw}, which does not exist; Gemini CLI leaves an "Import failed" comment in its place`,
          { file: i.importer },
        ),
      );
    if (i.outcome === "outside-project")
      diagnostics.push(
        diagnostic(
          "gemini-md/import-outside-project",
          "warning",
          `${i.importer} imports ${i.raw}, outside the project; Gemini CLI refuses it`,
          { file: i.importer },
        ),
      );
  }
  return { global, project, imports, aboveRoot, diagnostics };
}
