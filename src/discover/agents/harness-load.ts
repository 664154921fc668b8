// What one harness loads when started in one folder, as discoverHarnessLoads reports it: the shape `promptc
// agents` prints and lint reads, and how a drop finds the discovery diagnostic behind it. Types + a pure helper.
import type { Diagnostic } from "../../model/diagnostic.js";
import type { DiscoveryRules } from "../../profiles/profile.js";

export type LoadedKind = "context" | "import" | "skill";

export interface LoadedFile {
  path: string;
  kind: LoadedKind;
  /** Where it goes, in the harness's words (`system`, `first user message`, …). */
  placement: string;
  importedFrom?: string;
  /** Read when the model asks for it, not sent at start (Copilot's applyTo rule files). */
  onDemand?: true;
}

/** A file the harness sees and leaves out, with the discovery diagnostic that says so (when there is one). */
export interface DroppedFile {
  path: string;
  reason: string;
  importedFrom?: string;
  diagnostic?: Diagnostic;
}

export interface HarnessLoad {
  harness: string;
  displayName: string;
  files: LoadedFile[];
  dropped: DroppedFile[];
  /** Everything this harness's discovery reported, as preview prints it. */
  diagnostics: Diagnostic[];
  /** The skill folders it scanned, when its skill paths are real paths (a symlinked skill shows its target). */
  skillRoots?: string[];
  /** How sure the rules are: confirmed by promptc's conformance captures, or only from the shared write-up. */
  basis: "conformance" | "write-up";
}

/**
 * The drop with the discovery diagnostic behind it: the one about the file itself, or for an import the one its
 * importer carries that names the target (`name`: how the diagnostic spells it, the absolute path by default).
 */
export function withDiagnostic(d: DroppedFile, diagnostics: readonly Diagnostic[], name = d.path): DroppedFile {
  const found = diagnostics.find((x) =>
    d.importedFrom === undefined
      ? x.file === d.path
      : x.file === d.importedFrom && (x.data?.target === d.path || x.message.includes(name)),
  );
  return found !== undefined ? { ...d, diagnostic: found } : d;
}

/**
 * withDiagnostic's choice for many drops of one list: the diagnostics grouped by file once, so each drop looks only
 * at its file's (or its importer's), in the same order, and finds the same one.
 */
export function diagnosticFinder(
  diagnostics: readonly Diagnostic[],
): (path: string, importedFrom: string | undefined, name?: string) => Diagnostic | undefined {
  const byFile = new Map<string, Diagnostic[]>();
  for (const x of diagnostics) {
    if (x.file === undefined) continue;
    const list = byFile.get(x.file);
    if (list === undefined) byFile.set(x.file, [x]);
    else list.push(x);
  }
  return (path, importedFrom, name = path) => {
    const list = byFile.get(importedFrom ?? path);
    if (list !== undefined)
      for (const x of list)
        if (importedFrom === undefined || x.data?.target === path || x.message.includes(name)) return x;
    return undefined;
  };
}

/** A harness to run: its profile's id, name and discovery (callers pass the registry's agent profiles). */
export interface HarnessRef {
  id: string;
  displayName: string;
  discovery: DiscoveryRules;
}
