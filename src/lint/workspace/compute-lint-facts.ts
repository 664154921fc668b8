// What the harnesses make of the lint targets, computed with the shared discovery code so lint and preview never
// disagree: what each harness loads from each launch folder, Codex's AGENTS.md budget walk per directory, each
// SKILL.md as Codex parses it, each rules file's prefixes. Does IO.
import { createCachingHost } from "../../host/create-caching-host.js";
import type { Host } from "../../host/host.js";
import type { LintFile } from "../lint-file.js";
import type {
  CodexChain,
  CodexChainFile,
  CodexPrefixList,
  CodexSkillView,
  GeminiSkillView,
  LintFacts,
} from "../lint-project.js";
import { agentsMdCandidates, discoverAgentsMd, discoverProjectDocPaths } from "../../discover/discover-agents-md.js";
import { relativeTo } from "./relative-to.js";
import { PROJECT_DOC_MAX_BYTES } from "../../discover/parse-config.js";
import { parsePrefixRules } from "../../discover/parse-prefix-rules.js";
import { extractFrontmatter, parseSkillMd, parseYamlSafely } from "../../discover/parse-skill-md.js";
import { parseSimpleFrontmatter } from "../../model/parse-simple-frontmatter.js";
import { parseGeminiSkillFrontmatter } from "../../discover/gemini/discover-gemini-skills.js";
import { readGitTracked } from "./read-git-tracked.js";
import { indexProjectFiles } from "./index-project-files.js";
import { computeHarnessLaunches } from "./compute-harness-launches.js";
import { indexHarnessLaunches } from "../loading-harnesses.js";
import { createDiscoveryShare } from "../../discover/agents/discovery-share.js";
import { codexFolders } from "../../discover/agents/turn-context-load.js";
import { GITIGNORE_MAX_BYTES, readAncestorGitignores } from "./read-ancestor-gitignores.js";
import { joinPath, normalizePath } from "../../discover/paths.js";

export interface LintFactsOptions {
  root: string;
  /** Where the project's file index is read (default: the facts host, which for standard input shows one file). */
  projectHost?: Host;
  /** `project_doc_max_bytes` to simulate (Codex's default 32 KiB). */
  projectDocMaxBytes?: number;
  /** Codex's project-root markers (default `.git`). */
  projectRootMarkers?: readonly string[];
  /** `project_doc_fallback_filenames`: names read when a directory has no AGENTS.md. */
  fallbackFilenames?: readonly string[];
  /** CODEX_HOME whose global AGENTS.md the walk sees (default: none). */
  codexHome?: string;
  /** The settings a turn started in `dir` has (its trusted project config layers); default: the ones above. */
  settingsAt?: (dir: string) => CodexDocSettings;
  /** The user home whose agent settings (~/.claude.json, ~/.gemini, ~/.pi/agent) discovery reads (default: none). */
  home?: string;
}

export interface CodexDocSettings {
  projectDocMaxBytes: number;
  fallbackFilenames: readonly string[];
  projectRootMarkers: readonly string[];
}

/** Codex's view of the targets: the AGENTS.md walk per directory, each SKILL.md's listing, each rules file's prefixes. */
export function computeLintFacts(disk: Host, files: readonly LintFile[], options: LintFactsOptions): LintFacts {
  // Every file of a deep tree walks the same ancestors: each path is looked at once (400 levels took 37 s).
  const host = createCachingHost(disk);
  const root = normalizePath(options.root);
  const budget = options.projectDocMaxBytes ?? PROJECT_DOC_MAX_BYTES;
  const markers = options.projectRootMarkers ?? [".git"];
  const codexChains = new Map<string, CodexChain>();
  const codexSkills = new Map<string, CodexSkillView>();
  const codexPrefixes = new Map<string, CodexPrefixList>();
  const geminiSkills = new Map<string, GeminiSkillView>();
  // Without a CODEX_HOME: one that does not exist (the global AGENTS.md is outside the project budget anyway).
  const codexHome = options.codexHome ?? joinPath(root, ".promptc-lint-no-codex-home");
  const fallbackFilenames = options.fallbackFilenames ?? [];
  const docNames = agentsMdCandidates(fallbackFilenames);
  const isDocName = new Set(docNames);
  // One share for the run: the Codex chains below and every launch's discoveries read each folder once.
  const share = createDiscoveryShare();
  for (const file of files) {
    const name = file.path.slice(file.path.lastIndexOf("/") + 1);
    const dir = file.path.includes("/") ? file.path.slice(0, file.path.lastIndexOf("/")) : "";
    if (isDocName.has(name) && !codexChains.has(dir)) {
      const cwd = dir === "" ? root : joinPath(root, dir);
      const at = options.settingsAt?.(cwd);
      const opts = {
        cwd,
        codexHome,
        budgetBytes: at?.projectDocMaxBytes ?? budget,
        fallbackFilenames: at?.fallbackFilenames ?? fallbackFilenames,
        projectRootMarkers: at?.projectRootMarkers ?? markers,
        decode: "lossy" as const,
        folders: codexFolders(share).docs,
      };
      const paths = discoverProjectDocPaths(host, opts).value;
      const walk = discoverAgentsMd(host, opts);
      const docs = new Map(walk.value.projectDocs.map((d) => [d.path, d]));
      const chainFiles: CodexChainFile[] = paths.map((p) => {
        const rel = relativeTo(root, p);
        const doc = docs.get(p);
        if (doc) return { path: rel, size: doc.sizeBytes, kept: doc.keptBytes };
        const st = host.stat(p);
        const size = st.ok ? st.value.size : 0;
        const dropped = walk.diagnostics.some((d) => d.file === p && d.rule === "agents-md/dropped")
          ? "budget"
          : walk.diagnostics.some((d) => d.file === p && d.rule === "agents-md/empty")
            ? "empty"
            : "unreadable";
        return { path: rel, size, kept: 0, dropped };
      });
      const names = at ? agentsMdCandidates(at.fallbackFilenames) : docNames;
      codexChains.set(dir, { dir, maxBytes: opts.budgetBytes, names, files: chainFiles });
    }
    if (file.kind === "skill" && !file.status.error && !file.status.binary) {
      const parsed = parseSkillMd(file.text, dir === "" ? undefined : dir.slice(dir.lastIndexOf("/") + 1));
      const block = extractFrontmatter(file.text);
      // A block the simple parser takes is YAML as it stands (its answer equals the yaml package's).
      const retried =
        parsed.ok && block !== undefined && parseSimpleFrontmatter(block) === undefined && !parsesAsYaml(block);
      codexSkills.set(
        file.path,
        parsed.ok
          ? {
              path: file.path,
              name: parsed.value.name,
              description: parsed.value.description,
              ...(retried ? { quotedRetry: true as const } : {}),
            }
          : { path: file.path, error: parsed.message },
      );
      if (block !== undefined) geminiSkills.set(file.path, parseGeminiSkillFrontmatter(block) ?? null);
    }
    if (file.kind === "exec-policy" && !file.status.error && !file.status.binary) {
      const parsed = parsePrefixRules(file.text, file.path);
      const allow = parsed.value.filter((r) => r.decision === "allow");
      const failure = parsed.diagnostics.find((d) => d.severity === "error");
      codexPrefixes.set(file.path, {
        path: file.path,
        prefixes: allow.map((r) => r.pattern),
        lines: allow.map((r) => r.line),
        ...(failure
          ? { error: { message: failure.message, line: failure.place?.line ?? 1, column: failure.place?.column ?? 1 } }
          : {}),
      });
    }
  }
  const harnessLaunches = computeHarnessLaunches(host, files, {
    root,
    home: options.home ?? joinPath(root, ".promptc-lint-no-home"),
    codex: {
      codexHome,
      budgetBytes: budget,
      fallbackFilenames,
      projectRootMarkers: markers,
      adminSkillsRoot: null,
    },
    share,
  });
  const gitTracked = readGitTracked(host, root);
  // Templates need it too: the helpers and partials a project registers are found in its code.
  const index = files.some((f) => f.kind !== "codex-config" && f.kind !== "exec-policy")
    ? indexProjectFiles(options.projectHost ?? disk, root)
    : undefined;
  const gitignore = index ? readProjectGitignores(host, root, index.files) : undefined;
  const handlebarsRegistrations = files.some((f) => f.kind === "template")
    ? findHandlebarsRegistrations(host, root, index?.files ?? [])
    : undefined;
  const listedSkillFolders =
    index && files.some((f) => f.kind === "skill") ? findSkillFolderListers(host, root, index.files) : undefined;
  const packageDirs = (index?.files ?? [])
    .filter((p) => p === "package.json" || p.endsWith("/package.json"))
    .map((p) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : ""));
  return {
    codexChains,
    codexSkills,
    codexPrefixes,
    geminiSkills,
    harnessLaunches,
    harnessesByFile: indexHarnessLaunches(harnessLaunches),
    packageDirs,
    ...(index ? { projectFiles: index } : {}),
    ...(gitTracked ? { gitTracked } : {}),
    ...(gitignore ? { gitignore } : {}),
    ...(listedSkillFolders ? { listedSkillFolders } : {}),
    ...(handlebarsRegistrations ? { handlebarsRegistrations } : {}),
  };
}

/** JavaScript and TypeScript sources read for Handlebars registrations: at most this many and this large. */
const CODE_FILE = /\.(ts|mts|cts|js|mjs|cjs|tsx|jsx)$/;
const REGISTRATION_FILES_MAX = 5000;
const REGISTRATION_FILE_MAX_BYTES = 256 * 1024;

/** `registerHelper("name"` / `registerPartial('name'`, and the keys of `registerHelper({ a, b: … })`. */
function findHandlebarsRegistrations(
  host: Host,
  root: string,
  files: readonly string[],
): { helpers: string[]; partials: string[] } {
  const helpers = new Set<string>();
  const partials = new Set<string>();
  for (const f of files.filter((x) => CODE_FILE.test(x) && !x.endsWith(".d.ts")).slice(0, REGISTRATION_FILES_MAX)) {
    const r = host.readBytes(joinPath(root, f), { maxBytes: REGISTRATION_FILE_MAX_BYTES });
    if (!r.ok) continue;
    const text = new TextDecoder().decode(r.value.bytes);
    if (!text.includes("register")) continue;
    for (const m of text.matchAll(/\bregister(Helper|Partial)\s*\(\s*(?:["'`]([\w.-]+)["'`]|\{([^}]*)\})/g)) {
      const into = m[1] === "Helper" ? helpers : partials;
      if (m[2] !== undefined) into.add(m[2]);
      else
        for (const k of (m[3] ?? "").matchAll(/(?:^|,)\s*["']?([A-Za-z_$][\w$-]*)["']?\s*(?=[:,(]|$)/g))
          into.add(k[1] as string);
    }
  }
  return { helpers: [...helpers].sort(), partials: [...partials].sort() };
}

/** Source files that may load skills: code whose path names skills, read at most this many and this large. */
const SKILL_LOADER_PATH = /(^|\/)[^/]*skill[^/]*(\/[^/]+)*\.(ts|mts|cts|js|mjs|cjs|py|rs|go)$/i;
const SKILL_LOADERS_MAX = 200;
const SKILL_LOADER_MAX_BYTES = 256 * 1024;
const SKILL_LOADER_EXTENSIONS = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs", ".py", ".rs", ".go"];
/** SKILL_LOADER_PATH's answer, tested only on paths that name "skill" and end in one of its extensions. */
function mayLoadSkills(path: string): boolean {
  // The regex's `i` folds ASCII letters only, as toLowerCase does for them.
  const lower = path.toLowerCase();
  return (
    lower.includes("skill") && SKILL_LOADER_EXTENSIONS.some((e) => lower.endsWith(e)) && SKILL_LOADER_PATH.test(path)
  );
}
/** A folder name as a string literal, and a directory listing call, within a few lines of each other. */
const LISTS_FOLDER =
  /["'`](references|scripts|assets)["'`][^\n]*(?:\n[^\n]*){0,6}?\b(readdir\w*|readDir\w*|listdir|iterdir|read_dir|glob\w*|scandir|ReadDir|walk\w*)\b|\b(readdir\w*|readDir\w*|listdir|iterdir|read_dir|glob\w*|scandir|ReadDir|walk\w*)\b[^\n]*(?:\n[^\n]*){0,6}?["'`](references|scripts|assets)["'`]/g;

/** The resource folders the project's own skill loader lists for each skill (code that also names SKILL.md). */
function findSkillFolderListers(host: Host, root: string, files: readonly string[]): { folder: string; by: string }[] {
  const out: { folder: string; by: string }[] = [];
  const candidates = files.filter((f) => mayLoadSkills(f) && !/(^|\/)(test|tests|__tests__)\//.test(f));
  for (const f of candidates.slice(0, SKILL_LOADERS_MAX)) {
    const r = host.readBytes(joinPath(root, f), { maxBytes: SKILL_LOADER_MAX_BYTES });
    if (!r.ok) continue;
    const text = new TextDecoder().decode(r.value.bytes);
    if (!text.includes("SKILL.md")) continue;
    for (const m of text.matchAll(LISTS_FOLDER)) {
      const folder = (m[1] ?? m[4]) as string;
      if (!out.some((o) => o.folder === folder)) out.push({ folder, by: f });
    }
  }
  return out;
}

/** The ignore files above the root (readAncestorGitignores) and the nested ones the file index lists. */
function readProjectGitignores(host: Host, root: string, files: readonly string[]): LintFacts["gitignore"] {
  const above = readAncestorGitignores(host, root);
  const rootInBase = relativeTo(above.base, root);
  const known = new Set(above.sources.map((s) => s.dir));
  const nested = files
    .filter((f) => f.endsWith("/.gitignore"))
    .flatMap((f) => {
      const dir = f.slice(0, f.lastIndexOf("/"));
      const inBase = rootInBase === "" ? dir : `${rootInBase}/${dir}`;
      const r = host.readBytes(joinPath(root, f), { maxBytes: GITIGNORE_MAX_BYTES });
      return r.ok && !known.has(inBase) ? [{ dir: inBase, text: new TextDecoder().decode(r.value.bytes) }] : [];
    });
  return { rootInBase, sources: [...above.sources, ...nested] };
}

function parsesAsYaml(block: string): boolean {
  try {
    parseYamlSafely(block);
    return true;
  } catch {
    return false;
  }
}
