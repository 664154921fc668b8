// Gemini CLI's context files at start: the global `~/.gemini/<name>` files (they go in the system text) and the
// project's, found from the cwd up to the git root (the cwd alone outside git), sorted by path, each with its
// imports expanded; `<name>` is `context.fileName` (default GEMINI.md). IO through the Host only.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { ancestorsOf, joinPath, normalizePath } from "../paths.js";
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

export function discoverGeminiMemory(
  host: Host,
  options: { cwd: string; home: string; fileNames: readonly string[]; gitRoot?: string },
): GeminiMemory {
  const diagnostics: Diagnostic[] = [];
  const imports: GeminiImportRecord[] = [];
  const read = (path: string): GeminiMemoryFile | undefined => {
    const st = host.stat(path);
    if (!st.ok || st.value.kind !== "file") return undefined;
    const r = host.readBytes(path);
    if (!r.ok) return undefined;
    return {
      path,
      content: processGeminiImports(host, utf8.decode(r.value.bytes), path, imports),
      bytesIn: r.value.size,
    };
  };
  const geminiDir = joinPath(options.home, ".gemini");
  const global = options.fileNames
    .map((n) => read(joinPath(geminiDir, n)))
    .filter((f): f is GeminiMemoryFile => f !== undefined);
  const cwd = normalizePath(options.cwd);
  const ceiling = options.gitRoot ?? cwd;
  const found: string[] = [];
  const aboveRoot: string[] = [];
  let above = false;
  for (const dir of ancestorsOf(cwd)) {
    if (dir === geminiDir) break;
    for (const name of options.fileNames) {
      const p = joinPath(dir, name);
      const st = host.stat(p);
      if (!st.ok) continue;
      if (above) aboveRoot.push(p);
      else found.push(p);
    }
    if (dir === ceiling) above = true;
  }
  // Gemini CLI sorts the paths (UTF-16 order), which is root-first for one name per folder.
  const project = [...new Set(found)]
    .sort()
    .map(read)
    .filter((f): f is GeminiMemoryFile => f !== undefined);
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
