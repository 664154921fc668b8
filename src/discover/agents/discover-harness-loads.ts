// What each harness (codex, claude-code, gemini-cli, pi, copilot) loads when started in one folder: its context
// files, imports and skills in the order it sends them, what it sees and leaves out, and its discovery
// diagnostics. The one composition `promptc agents` and `promptc lint` share, over the loaders preview runs.
// IO through the Host only.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
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

export type LoadedKind = "context" | "import" | "skill";

export interface LoadedFile {
  path: string;
  kind: LoadedKind;
  /** Where it goes, in the harness's words (`system`, `first user message`, …). */
  placement: string;
  importedFrom?: string;
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

export interface HarnessLoadsOptions {
  cwd: string;
  home: string;
  date: string;
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

/**
 * The drop with the discovery diagnostic behind it: the one about the file itself, or for an import the one its
 * importer carries that names the target (`name`: how the diagnostic spells it, the absolute path by default).
 */
function withDiagnostic(d: DroppedFile, diagnostics: readonly Diagnostic[], name = d.path): DroppedFile {
  const found = diagnostics.find((x) =>
    d.importedFrom === undefined
      ? x.file === d.path
      : x.file === d.importedFrom && (x.data?.target === d.path || x.message.includes(name)),
  );
  return found !== undefined ? { ...d, diagnostic: found } : d;
}

function codexLoad(host: Host, cwd: string, home: string, s: CodexLoadSettings): HarnessLoad {
  const docs = discoverAgentsMd(host, {
    cwd,
    codexHome: s.codexHome,
    budgetBytes: s.budgetBytes,
    fallbackFilenames: s.fallbackFilenames,
    projectRootMarkers: s.projectRootMarkers,
    decode: "lossy",
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
    harness: "codex",
    displayName: "Codex CLI",
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

export function discoverHarnessLoads(host: Host, options: HarnessLoadsOptions): HarnessLoad[] {
  const cwd = normalizePath(options.cwd);
  const gitRoot = findProjectRoot(host, cwd, [".git"]).root;
  const loads: HarnessLoad[] = [codexLoad(host, cwd, options.home, options.codex)];

  const claudeJson = readClaudeJson(host, options.home, gitRoot ?? cwd);
  const chain = discoverClaudeMd(host, {
    cwd,
    home: options.home,
    externalIncludesApproved: claudeJson.value.externalIncludesApproved,
  });
  const claudeSkills = discoverClaudeSkills(
    host,
    gitRoot !== undefined ? { cwd, home: options.home, gitRoot } : { cwd, home: options.home },
  );
  const claudeDiagnostics = [...claudeJson.diagnostics, ...chain.diagnostics, ...claudeSkills.diagnostics];
  const claudeSent = new Set(chain.entries.map((e) => e.path));
  loads.push({
    harness: "claude-code",
    displayName: "Claude Code",
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
    ],
    // An AGENTS.md that a CLAUDE.md imports is sent as that import, whatever the fallback rule says.
    dropped: chain.dropped
      .filter((d) => !claudeSent.has(d.path))
      .map((d) =>
        withDiagnostic(
          {
            path: d.path,
            reason: CLAUDE_DROP_REASONS[d.reason],
            ...(d.importedFrom !== undefined ? { importedFrom: d.importedFrom } : {}),
          },
          claudeDiagnostics,
        ),
      ),
    diagnostics: claudeDiagnostics,
    basis: "conformance",
  });

  const gemini = loadGeminiTurn(host, {
    cwd,
    home: options.home,
    date: options.date,
    platform: "linux",
    message: "",
    ...(options.geminiInstallDir !== undefined ? { installDir: options.geminiInstallDir } : {}),
  });
  loads.push({
    harness: "gemini-cli",
    displayName: "Gemini CLI",
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
  });

  const pi = loadPiTurn(host, {
    cwd,
    home: options.home,
    date: options.date,
    message: "",
    sessionId: "",
    ...(gitRoot !== undefined ? { gitRoot } : {}),
    ...(options.piInstallDir !== undefined ? { installDir: options.piInstallDir } : {}),
  });
  loads.push({
    harness: "pi",
    displayName: "pi",
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
  });

  const copilot = discoverCopilot(
    host,
    gitRoot !== undefined ? { cwd, home: options.home, gitRoot } : { cwd, home: options.home },
  );
  loads.push({
    harness: "copilot",
    displayName: "Copilot CLI",
    files: [
      ...copilot.files.map((p): LoadedFile => ({ path: p, kind: "context", placement: "instructions" })),
      ...copilot.skills.map((p): LoadedFile => ({ path: p, kind: "skill", placement: "instructions" })),
    ],
    dropped: [],
    diagnostics: [],
    basis: "write-up",
  });
  return loads;
}
