// Which harnesses load a lint target, decided from its project-relative path: the context file names and
// skill folders each harness reads (the locations profiles/ and discover/ walk), and folders no harness
// loads from (fixtures, examples, test data). Pure.
import type { LintTarget } from "./define-rule.js";

/**
 * A harness that loads the file; "other" for agents lint has no target for (Cline, Roo Code, …); "distributed"
 * for a skill outside every skill folder (a skills collection or a package's skills/, installed elsewhere:
 * its instructions address the user's project, not this one).
 */
export type Loader = LintTarget | "other" | "distributed";

/** Folders whose agent files are inputs or samples: a harness started in the project never loads them. */
const NOT_LOADED_DIR =
  /(^|\/)(fixtures?|__fixtures__|test-?data|__tests__|examples?|samples?|e2e|snapshots?|__snapshots__)\//i;

/** Skill folders, by the harness that scans them (a path may be scanned by several). */
const SKILL_ROOTS: readonly { re: RegExp; loaders: readonly Loader[] }[] = [
  { re: /(^|\/)\.agents\/skills\//, loaders: ["codex", "gemini", "copilot"] },
  { re: /(^|\/)\.codex\/skills\//, loaders: ["codex"] },
  { re: /(^|\/)\.claude\/skills\//, loaders: ["claude-code", "copilot"] },
  { re: /(^|\/)\.gemini\/skills\//, loaders: ["gemini"] },
  { re: /(^|\/)\.github\/skills\//, loaders: ["copilot"] },
  { re: /(^|\/)\.(cursor|cline|roo|windsurf|opencode|kiro)\/skills\//, loaders: ["other"] },
];

const CONTEXT_NAMES: { readonly [base: string]: readonly Loader[] } = {
  "AGENTS.md": ["codex", "cursor", "copilot", "other"],
  "AGENTS.override.md": ["codex"],
  "CLAUDE.md": ["claude-code"],
  "CLAUDE.local.md": ["claude-code"],
  "GEMINI.md": ["gemini"],
  ".cursorrules": ["cursor"],
};

/**
 * Harnesses that load `path` when started in the project ([] = none: a sample, a fixture, test data).
 */
export function loadingHarnesses(path: string): readonly Loader[] {
  if (NOT_LOADED_DIR.test(path)) return [];
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (base === "SKILL.md") return SKILL_ROOTS.find((r) => r.re.test(path))?.loaders ?? ["distributed"];
  const named = CONTEXT_NAMES[base];
  if (named) return named;
  if (/(^|\/)\.github\/(copilot-instructions\.md$|instructions\/)/.test(path)) return ["copilot"];
  if (/(^|\/)\.(cursor|agents)\/rules\//.test(path) || /(^|\/)\.cursor\/commands\//.test(path)) return ["cursor"];
  return ["other"];
}

/** Instructions about this workspace (its scripts, paths, package manager), as opposed to a sample or a skill for any project. */
export function addressesWorkspace(path: string): boolean {
  const loaders = loadingHarnesses(path);
  return loaders.length > 0 && !loaders.includes("distributed");
}

/** Loaded at every session start (not on demand like a Cursor command or a Cline workflow). */
export function isAlwaysLoaded(path: string): boolean {
  return loadingHarnesses(path).length > 0 && !/(^|\/)\.cursor\/commands\//.test(path);
}
