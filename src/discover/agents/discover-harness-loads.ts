// What each harness loads when started in one folder: its context files, imports and skills in the order it
// sends them, what it sees and leaves out, and its discovery diagnostics. Each harness runs the discovery its
// profile names (`profile.discovery.type`, the loaders preview runs). The one composition `promptc agents` and
// `promptc lint` share. IO through the Host only.
import type { Host } from "../../host/host.js";
import type { Profile } from "../../profiles/profile.js";
import { findProjectRoot } from "../find-project-root.js";
import { createGeminiFolders } from "../gemini/discover-gemini-memory.js";
import { loadGeminiTurn } from "../gemini/load-gemini-turn.js";
import { normalizePath } from "../paths.js";
import { createPiRunFolders, loadPiTurn } from "../pi/load-pi-turn.js";
import { discoverCopilot } from "./discover-copilot.js";
import { claudeMemoryLoad } from "./claude-memory-load.js";
import { withDiagnostic, type HarnessLoad, type HarnessRef, type LoadedFile } from "./harness-load.js";
import { turnContextLoad, type CodexLoadSettings } from "./turn-context-load.js";
import { shareSlot, type DiscoveryShare } from "./discovery-share.js";

export type { DroppedFile, HarnessLoad, HarnessRef, LoadedFile, LoadedKind } from "./harness-load.js";
export type { CodexLoadSettings } from "./turn-context-load.js";

const LOADS_DATE = "1970-01-01";

/** The registry's agent profiles (those that reproduce a harness version), as the harnesses to run. */
export function harnessRefsOf(profiles: readonly Profile[]): HarnessRef[] {
  return profiles
    .filter((p) => p.targetVersion !== undefined)
    .map((p) => ({ id: p.id, displayName: p.displayName, discovery: p.discovery }));
}

export interface HarnessLoadsOptions {
  cwd: string;
  home: string;
  /** The date the loaders' prompts show; it reaches no file list (default: a fixed one, sparing the time zone lookup). */
  date?: string;
  harnesses: readonly HarnessRef[];
  /** Settings of the `turn-context` discovery (Codex's config.toml, resolved as preview resolves it). */
  codex: CodexLoadSettings;
  piInstallDir?: string;
  geminiInstallDir?: string;
  /** What launches in other folders of the same run already found (lint and `agents` start many). */
  share?: DiscoveryShare;
}

function geminiMemoryLoad(h: HarnessRef, host: Host, cwd: string, options: HarnessLoadsOptions): HarnessLoad {
  const gemini = loadGeminiTurn(host, {
    cwd,
    home: options.home,
    date: options.date ?? LOADS_DATE,
    platform: "linux",
    message: "",
    ...(options.geminiInstallDir !== undefined ? { installDir: options.geminiInstallDir } : {}),
    ...(options.share !== undefined ? { folders: shareSlot(options.share, "gemini", createGeminiFolders) } : {}),
    fileListsOnly: true,
  });
  return {
    harness: h.id,
    displayName: h.displayName,
    files: [
      ...gemini.memory.global.map(
        (f): LoadedFile => ({ path: f.path, kind: "context", placement: "system instruction" }),
      ),
      ...gemini.memory.project.map(
        (f): LoadedFile => ({ path: f.path, kind: "context", placement: "first user message" }),
      ),
      ...gemini.memory.imports
        .filter((i) => i.outcome === "imported")
        .map(
          (i): LoadedFile => ({
            path: i.path,
            kind: "import",
            placement: "inline in its importer",
            importedFrom: i.importer,
          }),
        ),
      ...gemini.turn.skills
        .filter((s) => !s.path.startsWith(options.geminiInstallDir ?? "\0"))
        .map(
          (s): LoadedFile => ({ path: s.path, kind: "skill", placement: "system instruction (name and description)" }),
        ),
    ],
    dropped: [
      ...gemini.memory.aboveRoot.map((p) =>
        withDiagnostic({ path: p, reason: "above the git root" }, gemini.diagnostics),
      ),
      ...gemini.memory.imports
        .filter((i) => i.outcome !== "imported" && i.outcome !== "already-imported")
        .map((i) =>
          withDiagnostic(
            { path: i.path, reason: `import ${i.outcome}`, importedFrom: i.importer },
            gemini.diagnostics,
            i.raw,
          ),
        ),
    ],
    diagnostics: gemini.diagnostics,
    basis: "conformance",
  };
}

function piContextLoad(
  h: HarnessRef,
  markers: readonly string[],
  host: Host,
  cwd: string,
  options: HarnessLoadsOptions,
): HarnessLoad {
  // pi's own rule: the nearest ancestor holding a marker (file or folder), not git's answer.
  const projectRoot = findProjectRoot(host, cwd, markers).root;
  const pi = loadPiTurn(host, {
    cwd,
    home: options.home,
    date: options.date ?? LOADS_DATE,
    message: "",
    sessionId: "",
    ...(projectRoot !== undefined ? { gitRoot: projectRoot } : {}),
    ...(options.piInstallDir !== undefined ? { installDir: options.piInstallDir } : {}),
    ...(options.share !== undefined ? { folders: shareSlot(options.share, "pi", createPiRunFolders) } : {}),
  });
  return {
    harness: h.id,
    displayName: h.displayName,
    files: [
      ...pi.context.files.map((f): LoadedFile => ({ path: f.path, kind: "context", placement: "system text" })),
      ...pi.skills.skills
        .filter((s) => !s.disableModelInvocation)
        .map(
          (s): LoadedFile => ({ path: s.path, kind: "skill", placement: "system text (name, description, location)" }),
        ),
    ],
    dropped: pi.context.shadowed.map((p) => ({ path: p, reason: "an AGENTS.md in the same folder wins" })),
    diagnostics: pi.diagnostics,
    basis: "conformance",
  };
}

function copilotInstructionsLoad(
  h: HarnessRef,
  host: Host,
  cwd: string,
  home: string,
  gitRoot: string | undefined,
  share: DiscoveryShare | undefined,
): HarnessLoad {
  const copilot = discoverCopilot(host, {
    cwd,
    home,
    ...(gitRoot !== undefined ? { gitRoot } : {}),
    ...(share !== undefined ? { share } : {}),
  });
  return {
    harness: h.id,
    displayName: h.displayName,
    files: [
      ...copilot.files.map((p): LoadedFile => ({ path: p, kind: "context", placement: "instructions" })),
      ...copilot.imports.map(
        (i): LoadedFile => ({
          path: i.path,
          kind: "import",
          placement: "inline in its importer",
          importedFrom: i.importedFrom,
        }),
      ),
      ...copilot.rules.map(
        (p): LoadedFile => ({
          path: p,
          kind: "context",
          placement: "named in instructions (applyTo), read on demand",
          onDemand: true,
        }),
      ),
      ...copilot.skills.map(
        (p): LoadedFile => ({ path: p, kind: "skill", placement: "instructions (name and description)" }),
      ),
    ],
    dropped: copilot.dropped.map((d) => ({
      path: d.path,
      reason: d.reason,
      ...(d.importedFrom !== undefined ? { importedFrom: d.importedFrom } : {}),
    })),
    diagnostics: [],
    basis: "conformance",
  };
}

/** Every harness in `options.harnesses`, in that order. */
export function discoverHarnessLoads(host: Host, options: HarnessLoadsOptions): HarnessLoad[] {
  const cwd = normalizePath(options.cwd);
  const gitRoot = findProjectRoot(host, cwd, [".git"]).root;
  return options.harnesses.map((h): HarnessLoad => {
    const rules = h.discovery;
    switch (rules.type) {
      case "turn-context":
        return turnContextLoad(h, rules.decode, host, cwd, options.home, options.codex, options.share);
      case "claude-memory":
        return claudeMemoryLoad(h, host, cwd, options.home, gitRoot, options.share);
      case "gemini-memory":
        return geminiMemoryLoad(h, host, cwd, options);
      case "pi-context":
        return piContextLoad(h, rules.projectRootMarkers, host, cwd, options);
      case "copilot-instructions":
        return copilotInstructionsLoad(h, host, cwd, options.home, gitRoot, options.share);
      default: {
        const never: never = rules;
        throw new Error(`unknown discovery ${JSON.stringify(never)}`);
      }
    }
  });
}
