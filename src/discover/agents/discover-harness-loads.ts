// What each harness loads when started in one folder: its context files, imports and skills in the order it
// sends them, what it sees and leaves out, and its discovery diagnostics. Each harness runs the discovery its
// profile names (`profile.discovery.type`, the loaders preview runs). The one composition `promptc agents` and
// `promptc lint` share. IO through the Host only.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import type { DecodeMode } from "../../model/decode-mode.js";
import type { DiscoveryRules, Profile } from "../../profiles/profile.js";
import { discoverClaudeMd, type DroppedReason } from "../claude-code/discover-claude-md.js";
import { discoverClaudeSkills } from "../claude-code/discover-claude-skills.js";
import { readClaudeJson } from "../claude-code/read-claude-json.js";
import { discoverAgentsMd } from "../discover-agents-md.js";
import { discoverSkills } from "../discover-skills.js";
import { findProjectRoot } from "../find-project-root.js";
import { loadGeminiTurn } from "../gemini/load-gemini-turn.js";
import { normalizePath } from "../paths.js";
import { loadPiTurn } from "../pi/load-pi-turn.js";
import { discoverCopilot } from "./discover-copilot.js";
import { withDiagnostic, type HarnessLoad, type LoadedFile } from "./harness-load.js";

export type { DroppedFile, HarnessLoad, LoadedFile, LoadedKind } from "./harness-load.js";

/** Codex's settings for the walk (from its config.toml, resolved by the caller as preview resolves them). */
export interface CodexLoadSettings {
  codexHome: string;
  budgetBytes: number;
  fallbackFilenames: readonly string[];
  projectRootMarkers: readonly string[];
  disabledSkillPaths?: readonly string[];
  /** The cwd's trust entry says untrusted: Codex sends no project docs. */
  untrusted?: boolean;
  /** `/etc/codex/skills` by default; `null` leaves it out. */
  adminSkillsRoot?: string | null;
}

/** A harness to run: its profile's id, name and discovery (callers pass the registry's agent profiles). */
export interface HarnessRef {
  id: string;
  displayName: string;
  discovery: DiscoveryRules;
}

/** The registry's agent profiles (those that reproduce a harness version), as the harnesses to run. */
export function harnessRefsOf(profiles: readonly Profile[]): HarnessRef[] {
  return profiles
    .filter((p) => p.targetVersion !== undefined)
    .map((p) => ({ id: p.id, displayName: p.displayName, discovery: p.discovery }));
}

export interface HarnessLoadsOptions {
  cwd: string;
  home: string;
  date: string;
  harnesses: readonly HarnessRef[];
  /** Settings of the `turn-context` discovery (Codex's config.toml, resolved as preview resolves it). */
  codex: CodexLoadSettings;
  piInstallDir?: string;
  geminiInstallDir?: string;
}

const CLAUDE_DROP_REASONS: { [reason in DroppedReason]: string } = {
  "outside-cwd": "import outside the launch folder (not approved in ~/.claude.json)",
  missing: "import target missing",
  "too-deep": "import nested more than 5 deep",
  "conditional-rule": "rule scoped with paths: (loads when a matching file is read)",
  "not-text": "not a text file",
  "agents-md-ignored": "AGENTS.md is read only when the project has no CLAUDE.md",
};

function turnContextLoad(
  h: HarnessRef,
  decode: DecodeMode,
  host: Host,
  cwd: string,
  home: string,
  s: CodexLoadSettings,
): HarnessLoad {
  const docs = discoverAgentsMd(host, {
    cwd,
    codexHome: s.codexHome,
    budgetBytes: s.budgetBytes,
    fallbackFilenames: s.fallbackFilenames,
    projectRootMarkers: s.projectRootMarkers,
    decode,
    ...(s.untrusted ? { projectDocsUntrusted: true } : {}),
  });
  const skills = discoverSkills(host, {
    cwd,
    codexHome: s.codexHome,
    home,
    projectRootMarkers: s.projectRootMarkers,
    ...(s.adminSkillsRoot !== undefined ? { adminSkillsRoot: s.adminSkillsRoot } : {}),
    disabledPaths: s.disabledSkillPaths ?? [],
  });
  const files: LoadedFile[] = [];
  if (docs.value.global) files.push({ path: docs.value.global.path, kind: "context", placement: "first user message" });
  for (const d of docs.value.projectDocs)
    files.push({ path: d.path, kind: "context", placement: "first user message" });
  for (const sk of skills.value.skills) files.push({ path: sk.path, kind: "skill", placement: "developer message" });
  const sent = new Set(files.map((f) => f.path));
  const diagnostics = [...docs.diagnostics, ...skills.diagnostics];
  return {
    harness: h.id,
    displayName: h.displayName,
    files,
    // A file cut by the budget is still sent (a `truncated` diagnostic says how much); one it never sends is dropped.
    dropped: docs.diagnostics
      .filter((d) => d.file !== undefined && d.rule.startsWith("agents-md/") && !sent.has(d.file))
      .map((d) => ({ path: d.file as string, reason: d.message, diagnostic: d })),
    diagnostics,
    skillRoots: skills.value.roots.map((r) => r.path),
    basis: "conformance",
  };
}

function claudeMemoryLoad(
  h: HarnessRef,
  host: Host,
  cwd: string,
  home: string,
  gitRoot: string | undefined,
): HarnessLoad {
  const claudeJson = readClaudeJson(host, home, gitRoot ?? cwd);
  const chain = discoverClaudeMd(host, {
    cwd,
    home,
    externalIncludesApproved: claudeJson.value.externalIncludesApproved,
  });
  const claudeSkills = discoverClaudeSkills(host, gitRoot !== undefined ? { cwd, home, gitRoot } : { cwd, home });
  const diagnostics = [...claudeJson.diagnostics, ...chain.diagnostics, ...claudeSkills.diagnostics];
  const sent = new Set(chain.entries.map((e) => e.path));
  return {
    harness: h.id,
    displayName: h.displayName,
    files: [
      ...chain.entries.map(
        (e): LoadedFile =>
          e.importedFrom !== undefined
            ? { path: e.path, kind: "import", placement: "first user message", importedFrom: e.importedFrom }
            : { path: e.path, kind: "context", placement: "first user message" },
      ),
      ...claudeSkills.skills.map(
        (s): LoadedFile => ({ path: s.path, kind: "skill", placement: "system message (name and description)" }),
      ),
      // Still a Claude Code skill the user invokes by name, only left out of the model's list.
      ...claudeSkills.diagnostics
        .filter((d) => d.rule === "claude-skill/model-invocation-disabled" && d.file !== undefined)
        .map(
          (d): LoadedFile => ({
            path: d.file as string,
            kind: "skill",
            placement: "not listed (the user invokes it by name)",
            onDemand: true,
          }),
        ),
    ],
    // An AGENTS.md that a CLAUDE.md imports is sent as that import, whatever the fallback rule says.
    dropped: chain.dropped
      .filter((d) => !sent.has(d.path))
      .map((d) =>
        withDiagnostic(
          {
            path: d.path,
            reason: CLAUDE_DROP_REASONS[d.reason],
            ...(d.importedFrom !== undefined ? { importedFrom: d.importedFrom } : {}),
          },
          diagnostics,
        ),
      ),
    diagnostics,
    basis: "conformance",
  };
}

function geminiMemoryLoad(h: HarnessRef, host: Host, cwd: string, options: HarnessLoadsOptions): HarnessLoad {
  const gemini = loadGeminiTurn(host, {
    cwd,
    home: options.home,
    date: options.date,
    platform: "linux",
    message: "",
    ...(options.geminiInstallDir !== undefined ? { installDir: options.geminiInstallDir } : {}),
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
    date: options.date,
    message: "",
    sessionId: "",
    ...(projectRoot !== undefined ? { gitRoot: projectRoot } : {}),
    ...(options.piInstallDir !== undefined ? { installDir: options.piInstallDir } : {}),
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
): HarnessLoad {
  const copilot = discoverCopilot(host, gitRoot !== undefined ? { cwd, home, gitRoot } : { cwd, home });
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
        return turnContextLoad(h, rules.decode, host, cwd, options.home, options.codex);
      case "claude-memory":
        return claudeMemoryLoad(h, host, cwd, options.home, gitRoot);
      case "gemini-memory":
        return geminiMemoryLoad(h, host, cwd, options);
      case "pi-context":
        return piContextLoad(h, rules.projectRootMarkers, host, cwd, options);
      case "copilot-instructions":
        return copilotInstructionsLoad(h, host, cwd, options.home, gitRoot);
      default: {
        const never: never = rules;
        throw new Error(`unknown discovery ${JSON.stringify(never)}`);
      }
    }
  });
}
