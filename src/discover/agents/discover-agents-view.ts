// What each harness loads from one directory (context files, imports, skills, in order) and which instruction
// files there none of them loads: the same discovery `promptc preview --profile X` runs. IO through the Host only.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { discoverClaudeMd, type DroppedReason } from "../claude-code/discover-claude-md.js";
import { discoverClaudeSkills } from "../claude-code/discover-claude-skills.js";
import { readClaudeJson } from "../claude-code/read-claude-json.js";
import { findProjectRoot } from "../find-project-root.js";
import { loadGeminiTurn } from "../gemini/load-gemini-turn.js";
import { loadTurnContext } from "../load-turn-context.js";
import { ancestorsOf, joinPath, normalizePath } from "../paths.js";
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

export interface HarnessLoad {
  harness: string;
  displayName: string;
  files: LoadedFile[];
  /** Files the harness sees but leaves out, with why. */
  dropped: { path: string; reason: string }[];
  /** How sure the rules are: confirmed by promptc's conformance captures, or only from the shared write-up. */
  basis: "conformance" | "write-up";
}

export interface AgentsView {
  cwd: string;
  gitRoot?: string;
  harnesses: HarnessLoad[];
  /** Instruction-like files in the cwd and its ancestors (to the git root) and skills there that no harness loads. */
  unloaded: string[];
  diagnostics: Diagnostic[];
}

/** Names that look like agent instructions, checked in every folder from the git root (else the cwd) down. */
export const INSTRUCTION_FILE_NAMES = [
  "AGENTS.md",
  "AGENTS.MD",
  "CLAUDE.md",
  "CLAUDE.MD",
  "CLAUDE.local.md",
  "GEMINI.md",
  ".cursorrules",
  ".windsurfrules",
  "CONVENTIONS.md",
  ".github/copilot-instructions.md",
  ".claude/CLAUDE.md",
];
const SKILL_ROOTS = [
  ".claude/skills",
  ".gemini/skills",
  ".agents/skills",
  ".pi/skills",
  ".codex/skills",
  ".github/skills",
];

function candidates(host: Host, dirs: string[]): string[] {
  const out: string[] = [];
  const isFile = (p: string) => {
    const st = host.stat(p);
    return st.ok && st.value.kind === "file";
  };
  for (const dir of dirs) {
    for (const n of INSTRUCTION_FILE_NAMES) if (isFile(joinPath(dir, n))) out.push(joinPath(dir, n));
    for (const r of SKILL_ROOTS) {
      const listed = host.readDir(joinPath(dir, r));
      if (!listed.ok) continue;
      for (const e of listed.value)
        if (isFile(joinPath(dir, r, e.name, "SKILL.md"))) out.push(joinPath(dir, r, e.name, "SKILL.md"));
    }
  }
  return out;
}

const CLAUDE_DROP_REASONS: { [reason in DroppedReason]: string } = {
  "outside-cwd": "import outside the launch folder (not approved in ~/.claude.json)",
  missing: "import target missing",
  "too-deep": "import nested more than 5 deep",
  "conditional-rule": "rule scoped with paths: (loads when a matching file is read)",
  "not-text": "not a text file",
  "agents-md-ignored": "AGENTS.md is read only when the project has no CLAUDE.md",
};

export function discoverAgentsView(
  host: Host,
  options: { cwd: string; home: string; piInstallDir?: string; geminiInstallDir?: string; date: string },
): AgentsView {
  const cwd = normalizePath(options.cwd);
  const gitRoot = findProjectRoot(host, cwd, [".git"]).root;
  const diagnostics: Diagnostic[] = [];
  const harnesses: HarnessLoad[] = [];

  const codex = loadTurnContext(host, { cwd, codexHome: joinPath(options.home, ".codex"), message: "" });
  const codexFiles: LoadedFile[] = [];
  if (codex.value?.userInstructions?.global)
    codexFiles.push({
      path: codex.value.userInstructions.global.path,
      kind: "context",
      placement: "first user message",
    });
  for (const d of codex.value?.userInstructions?.projectDocs ?? [])
    codexFiles.push({ path: d.path, kind: "context", placement: "first user message" });
  for (const s of codex.value?.skills.skills ?? [])
    codexFiles.push({ path: s.path, kind: "skill", placement: "developer message" });
  harnesses.push({
    harness: "codex",
    displayName: "Codex CLI",
    files: codexFiles,
    dropped: codex.diagnostics
      .filter((d) => d.file !== undefined && d.rule.startsWith("agents-md/"))
      .map((d) => ({ path: d.file as string, reason: d.message })),
    basis: "conformance",
  });

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
  harnesses.push({
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
    dropped: chain.dropped.map((d) => ({ path: d.path, reason: CLAUDE_DROP_REASONS[d.reason] })),
    basis: "conformance",
  });

  const geminiOptions: Parameters<typeof loadGeminiTurn>[1] = {
    cwd,
    home: options.home,
    date: options.date,
    platform: "linux",
    message: "",
  };
  if (options.geminiInstallDir !== undefined) geminiOptions.installDir = options.geminiInstallDir;
  const gemini = loadGeminiTurn(host, geminiOptions);
  harnesses.push({
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
      ...gemini.memory.aboveRoot.map((p) => ({ path: p, reason: "above the git root" })),
      ...gemini.memory.imports
        .filter((i) => i.outcome !== "imported" && i.outcome !== "already-imported")
        .map((i) => ({ path: i.path, reason: `import ${i.outcome}` })),
    ],
    basis: "conformance",
  });

  const piOptions: Parameters<typeof loadPiTurn>[1] = {
    cwd,
    home: options.home,
    date: options.date,
    message: "",
    sessionId: "",
  };
  if (gitRoot !== undefined) piOptions.gitRoot = gitRoot;
  if (options.piInstallDir !== undefined) piOptions.installDir = options.piInstallDir;
  const pi = loadPiTurn(host, piOptions);
  harnesses.push({
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
    basis: "conformance",
  });

  const copilot = discoverCopilot(
    host,
    gitRoot !== undefined ? { cwd, home: options.home, gitRoot } : { cwd, home: options.home },
  );
  harnesses.push({
    harness: "copilot",
    displayName: "Copilot CLI",
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
        (p): LoadedFile => ({ path: p, kind: "context", placement: "named in instructions (applyTo), read on demand" }),
      ),
      ...copilot.skills.map(
        (p): LoadedFile => ({ path: p, kind: "skill", placement: "instructions (name and description)" }),
      ),
    ],
    dropped: copilot.dropped.map((d) => ({ path: d.path, reason: d.reason })),
    basis: "conformance",
  });

  const dirs =
    gitRoot !== undefined
      ? ancestorsOf(cwd)
          .slice(0, ancestorsOf(cwd).indexOf(gitRoot) + 1)
          .reverse()
      : [cwd];
  const loaded = new Set(harnesses.flatMap((h) => h.files.map((f) => f.path)));
  const unloaded = candidates(host, dirs).filter((p) => !loaded.has(p));
  const view: AgentsView = { cwd, harnesses, unloaded, diagnostics };
  if (gitRoot !== undefined) view.gitRoot = gitRoot;
  return view;
}
