// What each harness loads from one directory (context files, imports, skills, in order) and which instruction
// files there none of them loads: discoverHarnessLoads, the composition lint shares, over preview's loaders. IO through the Host only.
import type { Host } from "../../host/host.js";
import { appendAll } from "../../model/append-all.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { findProjectRoot } from "../find-project-root.js";
import { defaultCodexConfig } from "../parse-config.js";
import { ancestorsOf, joinPath, normalizePath } from "../paths.js";
import { resolveCodexHome } from "../resolve-codex-home.js";
import { discoverHarnessLoads, type HarnessLoad, type HarnessRef } from "./discover-harness-loads.js";

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

export function discoverAgentsView(
  host: Host,
  options: {
    cwd: string;
    home: string;
    /** The harnesses to show, each with its profile's discovery (harnessRefsOf(PROFILE_LIST)). */
    harnesses: readonly HarnessRef[];
    piInstallDir?: string;
    geminiInstallDir?: string;
  },
): AgentsView {
  const cwd = normalizePath(options.cwd);
  const gitRoot = findProjectRoot(host, cwd, [".git"]).root;
  const diagnostics: Diagnostic[] = [];
  // Codex's settings as preview resolves them for this folder: ~/.codex/config.toml with the project's layers.
  const codexHome = joinPath(options.home, ".codex");
  const resolved = resolveCodexHome(host, { cwd, codexHome, projectCwd: cwd });
  appendAll(diagnostics, resolved.diagnostics);
  const config = resolved.value?.loaded.config ?? defaultCodexConfig();
  const harnesses = discoverHarnessLoads(host, {
    ...options,
    cwd,
    codex: {
      codexHome: resolved.value?.codexHome ?? codexHome,
      budgetBytes: config.projectDocMaxBytes,
      fallbackFilenames: config.projectDocFallbackFilenames,
      projectRootMarkers: config.projectRootMarkers,
      disabledSkillPaths: config.disabledSkillPaths,
      untrusted: resolved.value?.loaded.cwdTrust === "untrusted",
    },
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
