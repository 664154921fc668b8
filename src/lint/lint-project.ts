// What a rule may know beyond its own file: a read-only view of the workspace and facts the IO edge computed
// with the discovery functions (so lint and preview never disagree). Types + an in-memory LintFs. Pure.
import type { LintTarget } from "./lint-target.js";
import type { CountTokens } from "../tokens/count.js";

export type LintEntryKind = "file" | "directory";

/** Read-only workspace port; paths are relative to the project root, `/`-separated, no leading `./`. */
export interface LintFs {
  kind(path: string): LintEntryKind | undefined;
  /** Decoded text (lossy UTF-8), or undefined when missing, unreadable or over the read limit. */
  readText(path: string): string | undefined;
  /** Sorted entry names of a directory ([] when missing). */
  list(path: string): { name: string; kind: LintEntryKind }[];
  /** Project-relative real path (symlinks resolved), or undefined when missing or outside the project. */
  realPath?(path: string): string | undefined;
}

/** One file of Codex's project-doc chain, as the discovery walk read it for one working directory. */
export interface CodexChainFile {
  /** Project-relative path. */
  path: string;
  size: number;
  /** Bytes that reach the model (0 when dropped). */
  kept: number;
  /** Why a file contributed nothing: budget exhausted, empty after trim, unreadable. */
  dropped?: "budget" | "empty" | "unreadable";
}

/** What Codex would load as project docs when started in `dir` (project-relative, "" for the root). */
export interface CodexChain {
  dir: string;
  maxBytes: number;
  /** File names Codex tries in each directory, in order (AGENTS.override.md, AGENTS.md, configured fallbacks). */
  names: readonly string[];
  files: CodexChainFile[];
}

/** A skill as Codex's scan would list it: whitespace-collapsed fields and why it would be skipped. */
export interface CodexSkillView {
  /** Project-relative SKILL.md path. */
  path: string;
  name?: string;
  description?: string;
  /** Codex's loader error text when the skill is not listed at all. */
  error?: string;
  /** The frontmatter is not valid YAML and Codex's second try (each value quoted) is what parsed. */
  quotedRetry?: true;
}

/** How Gemini CLI reads a SKILL.md (its YAML, else its line-based fallback); null when it lists nothing. */
export type GeminiSkillView = { name: string; description: string } | null;

/** Approved command prefixes as Codex renders them in the permissions block. */
export interface CodexPrefixList {
  /** Project-relative file the rules came from. */
  path: string;
  prefixes: string[][];
  /** Line of each prefix rule in `path`, same order as `prefixes` (1-based; 0 when unknown). */
  lines: number[];
  /** A parse error: Codex then drops every approved prefix from every rules file. */
  error?: { message: string; line: number; column: number };
}

/** A file one harness loads when started in a launch folder (project-relative paths, the harness's order). */
export interface HarnessLaunchFile {
  path: string;
  kind: "context" | "import" | "skill";
  importedFrom?: string;
  /** Read on demand, not at every session start. */
  onDemand?: true;
}

/** A file one harness sees there and leaves out, with its discovery diagnostic (the text preview prints). */
export interface HarnessLaunchDrop {
  path: string;
  importedFrom?: string;
  reason: string;
  /** The discovery diagnostic's id, message (project-relative paths) and line in the importer, when it has them. */
  rule?: string;
  message?: string;
  line?: number;
}

/** One harness started in one folder of the project, as the shared discovery saw it (discoverHarnessLoads). */
export interface HarnessLaunch {
  /** Discovery's harness id: codex, claude-code, gemini-cli, pi, copilot. */
  harness: string;
  displayName: string;
  /** The launch folder, project-relative ("" = the root). */
  dir: string;
  /** Only the files inside the project (user-level files are no lint target). */
  files: HarnessLaunchFile[];
  dropped: HarnessLaunchDrop[];
}

export interface LintFacts {
  /** Keyed by directory (project-relative, "" = root). */
  codexChains: ReadonlyMap<string, CodexChain>;
  /** Keyed by SKILL.md path. */
  codexSkills: ReadonlyMap<string, CodexSkillView>;
  /** Keyed by exec-policy/config file path. */
  codexPrefixes: ReadonlyMap<string, CodexPrefixList>;
  /** Keyed by SKILL.md path, for files with frontmatter; absent when not computed. */
  geminiSkills?: ReadonlyMap<string, GeminiSkillView>;
  /** Folders holding a package.json (outside node_modules), found by the IO edge; undefined when not collected. */
  packageDirs?: readonly string[];
  /** Every project file the IO edge listed (node_modules and .git skipped); `complete` is false when capped. */
  projectFiles?: { files: readonly string[]; complete: boolean };
  /**
   * What each harness loads from each launch folder (the root and the folders holding lint targets), keyed by
   * folder; undefined when not computed (then only the path tables of loading-harnesses.ts apply).
   */
  harnessLaunches?: ReadonlyMap<string, readonly HarnessLaunch[]>;
  /** `harnessLaunches` by file: who loads each path, who sees it and leaves it out, the drops it owns. */
  harnessesByFile?: ReadonlyMap<
    string,
    {
      readonly loaded: readonly string[];
      /** Those of `loaded` that send it at every session start. */
      readonly atStart: readonly string[];
      readonly seen: readonly string[];
      readonly drops: readonly { launch: HarnessLaunch; drop: HarnessLaunchDrop }[];
    }
  >;
  /** Project-relative paths git tracks (from `.git/index`); undefined when not in a repository or unreadable. */
  gitTracked?: ReadonlySet<string>;
  /**
   * The repository's ignore files (`.git/info/exclude`, the ancestors' and every nested `.gitignore`), their
   * folders relative to the repository top, and the project root's place below it: what a path the checkout
   * lacks may be (built, fetched, local); undefined when not collected.
   */
  gitignore?: { rootInBase: string; sources: readonly { dir: string; text: string }[] };
  /**
   * A skill's resource folders (`references`, `scripts`, `assets`) that the project's own skill loader lists
   * for every skill and hands the agent (a `readdir(join(skillDir, "references"))` next to `SKILL.md`), with
   * the file that does; undefined when not collected.
   */
  listedSkillFolders?: readonly { folder: string; by: string }[];
  /**
   * Handlebars helpers and partials the project's own code registers (`Handlebars.registerHelper("x", …)`,
   * `registerPartial("y", …)`): what its own, non-promptc templates may call; undefined when not collected.
   */
  handlebarsRegistrations?: { helpers: readonly string[]; partials: readonly string[] };
}

export interface LintProject {
  /** Absolute root (for messages only; rules work on relative paths). */
  root: string;
  fs: LintFs;
  /** Milliseconds since the epoch, for rules about dates ("older than 180 days"). */
  nowMs: number;
  targets: ReadonlySet<LintTarget>;
  facts: LintFacts;
  /** Exact o200k_base counts for the token rules (e.g. `createTokenCounter({ cache }).count`); default: uncached. */
  countTokens?: CountTokens;
}

export const EMPTY_FACTS: LintFacts = { codexChains: new Map(), codexSkills: new Map(), codexPrefixes: new Map() };

/**
 * An in-memory LintFs over `{ path: text }`; directories are implied by the paths; `links` maps a path to the
 * real path it resolves to (a symlink). For tests and --stdin.
 */
export function createMemoryLintFs(files: { [path: string]: string }, links: { [path: string]: string } = {}): LintFs {
  const dirs = new Map<string, Map<string, LintEntryKind>>();
  const addEntry = (dir: string, name: string, kind: LintEntryKind): void => {
    let entries = dirs.get(dir);
    if (!entries) dirs.set(dir, (entries = new Map()));
    entries.set(name, kind);
  };
  for (const path of Object.keys(files)) {
    const parts = path.split("/");
    for (let i = 0; i < parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      addEntry(dir, parts[i] as string, i === parts.length - 1 ? "file" : "directory");
    }
  }
  return {
    realPath: (path) => links[path] ?? (path in files || dirs.has(path) ? path : undefined),
    kind: (path) => (path in files ? "file" : dirs.has(path) ? "directory" : undefined),
    readText: (path) => files[path],
    list: (path) =>
      [...(dirs.get(path) ?? new Map<string, LintEntryKind>()).entries()]
        .map(([name, kind]) => ({ name, kind }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}
