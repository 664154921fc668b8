// Finds what `promptc lint` checks (fast-glob over known agent-context names, .gitignore, --ignore-pattern,
// --max-files), reads each target through the Host, and computes the harness facts with the shared discovery
// code (AGENTS.md budget walk, SKILL.md parsing, prefix rules) so lint and preview never disagree. Does IO.
import fg from "fast-glob";
import type { Host } from "../host/host.js";
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import type { LintFileKind } from "../lint/define-rule.js";
import { classifyLintPath, createLintFile, type LintFile, type ReadStatus } from "../lint/lint-file.js";
import type { CodexChain, CodexChainFile, CodexPrefixList, CodexSkillView, LintFacts, LintFs } from "../lint/lint-project.js";
import { LINT_MAX_FILE_BYTES } from "../lint/rules/file-too-large.js";
import { discoverAgentsMd, discoverProjectDocPaths } from "./discover-agents-md.js";
import { PROJECT_DOC_MAX_BYTES } from "./parse-config.js";
import { parsePrefixRules } from "./parse-prefix-rules.js";
import { parseSkillMd } from "./parse-skill-md.js";
import { joinPath, normalizePath } from "./paths.js";

/** What lint looks for when no paths are given (lint-and-cli.md §5.2). */
export const DEFAULT_LINT_PATTERNS: readonly string[] = [
  "**/AGENTS.md",
  "**/AGENTS.override.md",
  "**/CLAUDE.md",
  "**/CLAUDE.local.md",
  "**/GEMINI.md",
  "**/.github/copilot-instructions.md",
  "**/.github/instructions/**/*.instructions.md",
  "**/.cursor/rules/**/*.mdc",
  "**/.cursorrules",
  "**/SKILL.md",
  "**/.codex/config.toml",
  "**/.codex/rules/*.rules",
  "**/templates/**/*.hbs",
];

/** Always skipped, whatever .gitignore says. */
const ALWAYS_IGNORED = ["**/node_modules/**", "**/.git/**"];
export const DEFAULT_MAX_FILES = 10_000;

export interface DiscoverLintTargetsOptions {
  /** Absolute project root; results are relative to it. */
  root: string;
  /** Positional paths and globs, relative to root (or absolute); empty = the default patterns. */
  patterns: readonly string[];
  ignorePatterns?: readonly string[];
  /** Read `.gitignore` at the root (default true). */
  gitignore?: boolean;
  maxFiles?: number;
}

export interface LintTargets {
  /** Project-relative paths with their kinds, sorted. */
  targets: { path: string; kind: LintFileKind }[];
  /** More files matched than --max-files allowed. */
  truncated: boolean;
}

/** `.gitignore` lines → fast-glob ignore globs (negations are not supported and are reported). */
export function gitignoreToGlobs(text: string): { globs: string[]; negations: number } {
  const globs: string[] = [];
  let negations = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+$/, "");
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("!")) {
      negations++;
      continue;
    }
    let p = line.replace(/^\\/, "");
    const dirOnly = p.endsWith("/");
    p = p.replace(/\/+$/, "");
    const anchored = p.startsWith("/") || p.includes("/");
    p = p.replace(/^\//, "");
    const base = anchored ? p : `**/${p}`;
    globs.push(`${base}/**`);
    if (!dirOnly) globs.push(base);
  }
  return { globs, negations };
}

function isGlob(p: string): boolean {
  return /[*?{}[\]]/.test(p);
}

function relativeTo(root: string, abs: string): string {
  const r = normalizePath(root);
  const a = normalizePath(abs);
  if (a === r) return "";
  if (a.startsWith(r === "/" ? "/" : `${r}/`)) return a.slice(r === "/" ? 1 : r.length + 1);
  // Outside the root: climb with `..` (kept for messages; rules treat it as not in the project).
  const rs = r.split("/").filter(Boolean);
  const as = a.split("/").filter(Boolean);
  let i = 0;
  while (i < rs.length && i < as.length && rs[i] === as[i]) i++;
  return [...rs.slice(i).map(() => ".."), ...as.slice(i)].join("/");
}

/** Explicit files of an unknown name still get linted, by extension. */
function kindOf(path: string): LintFileKind | undefined {
  const k = classifyLintPath(path);
  if (k) return k;
  if (path.endsWith(".md") || path.endsWith(".mdc")) return "context";
  if (path.endsWith(".toml")) return "codex-config";
  if (path.endsWith(".rules")) return "exec-policy";
  return undefined;
}

export function discoverLintTargets(host: Host, options: DiscoverLintTargetsOptions): Result<LintTargets> {
  const diagnostics: Diagnostic[] = [];
  const root = normalizePath(options.root);
  const ignore = [...ALWAYS_IGNORED, ...(options.ignorePatterns ?? [])];
  if (options.gitignore !== false) {
    const gi = host.readBytes(joinPath(root, ".gitignore"), { maxBytes: 1024 * 1024 });
    if (gi.ok) {
      const { globs, negations } = gitignoreToGlobs(new TextDecoder().decode(gi.value.bytes));
      ignore.push(...globs);
      if (negations > 0) diagnostics.push(diagnostic("lint/gitignore-negation", "info", `.gitignore has ${negations} negated pattern(s); lint ignores them`, { file: ".gitignore" }));
    }
  }
  const found = new Set<string>();
  const explicit = new Set<string>();
  const globs: string[] = [];
  const patterns = options.patterns.length > 0 ? options.patterns : ["."];
  for (const p of patterns) {
    if (isGlob(p)) {
      globs.push(p.startsWith("/") ? relativeTo(root, p) : p);
      continue;
    }
    const abs = joinPath(root, p);
    const st = host.stat(abs);
    if (!st.ok) {
      diagnostics.push(diagnostic("lint/no-such-path", "error", `no such file or directory: ${p}`, { file: p }));
      continue;
    }
    const rel = relativeTo(root, abs);
    if (st.value.kind === "directory") {
      globs.push(...DEFAULT_LINT_PATTERNS.map((g) => (rel === "" ? g : `${rel}/${g}`)));
      // `promptc lint templates` (or a folder inside it): the templates are below, not under another templates/.
      if (rel.split("/").includes("templates")) globs.push(`${rel}/**/*.hbs`);
    }
    else {
      explicit.add(rel);
      found.add(rel);
    }
  }
  if (globs.length > 0) {
    const entries = fg.sync(globs, { cwd: root, dot: true, ignore, onlyFiles: true, followSymbolicLinks: false, suppressErrors: true, unique: true });
    for (const e of entries) found.add(e);
  }
  const targets: { path: string; kind: LintFileKind }[] = [];
  for (const path of [...found].sort()) {
    const kind = kindOf(path);
    if (!kind) {
      if (explicit.has(path)) diagnostics.push(diagnostic("lint/unknown-file-kind", "warning", `${path}: not a file kind promptc lints (skipped)`, { file: path }));
      continue;
    }
    targets.push({ path, kind });
  }
  const max = options.maxFiles ?? DEFAULT_MAX_FILES;
  const truncated = targets.length > max;
  if (truncated) diagnostics.push(diagnostic("lint/max-files", "error", `${targets.length} files match, more than --max-files ${max}; narrow the paths or raise the limit`, { data: { found: targets.length, max } }));
  return { value: { targets: truncated ? targets.slice(0, max) : targets, truncated }, diagnostics };
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const lossyUtf8 = new TextDecoder("utf-8");

/** Decodes bytes for lint: NUL bytes mark a binary file, invalid UTF-8 is decoded lossily and flagged. */
export function decodeLintBytes(bytes: Uint8Array): { text: string; status: ReadStatus } {
  const status: ReadStatus = {};
  if (bytes.includes(0)) status.binary = true;
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    status.invalidUtf8 = true;
    text = lossyUtf8.decode(bytes);
  }
  return { text, status };
}

/** Reads one target through the Host; never throws: problems land in the file's ReadStatus. */
export function readLintFile(host: Host, root: string, path: string, kind: LintFileKind): LintFile {
  const read = host.readBytes(joinPath(root, path), { maxBytes: LINT_MAX_FILE_BYTES });
  if (!read.ok) return createLintFile(path, kind, "", { error: read.error.code });
  const { text, status } = decodeLintBytes(read.value.bytes);
  if (read.value.truncated) status.tooLargeBytes = read.value.size;
  return createLintFile(path, kind, text, status);
}

/** A LintFs over the Host, rooted at `root`, with small caches (rules ask for the same files repeatedly). */
export function createHostLintFs(host: Host, root: string): LintFs {
  const kinds = new Map<string, "file" | "directory" | undefined>();
  const texts = new Map<string, string | undefined>();
  const lists = new Map<string, { name: string; kind: "file" | "directory" }[]>();
  const abs = (p: string): string => (p === "" ? normalizePath(root) : joinPath(root, p));
  return {
    kind(path) {
      if (path.startsWith("../") || path === "..") return undefined;
      if (!kinds.has(path)) {
        const st = host.stat(abs(path));
        kinds.set(path, st.ok ? (st.value.kind === "directory" ? "directory" : st.value.kind === "file" ? "file" : undefined) : undefined);
      }
      return kinds.get(path);
    },
    readText(path) {
      if (path.startsWith("../")) return undefined;
      if (!texts.has(path)) {
        const read = host.readBytes(abs(path), { maxBytes: LINT_MAX_FILE_BYTES });
        texts.set(path, read.ok && !read.value.truncated ? lossyUtf8.decode(read.value.bytes) : undefined);
      }
      return texts.get(path);
    },
    list(path) {
      let l = lists.get(path);
      if (!l) {
        const read = host.readDir(abs(path));
        l = [];
        if (read.ok) {
          for (const e of read.value) {
            let kind = e.kind;
            if (kind === "symlink") {
              const st = host.stat(joinPath(abs(path), e.name));
              kind = st.ok ? st.value.kind : "other";
            }
            if (kind === "file" || kind === "directory") l.push({ name: e.name, kind });
          }
        }
        lists.set(path, l);
      }
      return l;
    },
  };
}

export interface LintFactsOptions {
  root: string;
  /** `project_doc_max_bytes` to simulate (Codex's default 32 KiB). */
  projectDocMaxBytes?: number;
  /** Codex's project-root markers (default `.git`). */
  projectRootMarkers?: readonly string[];
}

/** Codex's view of the targets: the AGENTS.md walk per directory, each SKILL.md's listing, each rules file's prefixes. */
export function computeLintFacts(host: Host, files: readonly LintFile[], options: LintFactsOptions): LintFacts {
  const root = normalizePath(options.root);
  const budget = options.projectDocMaxBytes ?? PROJECT_DOC_MAX_BYTES;
  const markers = options.projectRootMarkers ?? [".git"];
  const codexChains = new Map<string, CodexChain>();
  const codexSkills = new Map<string, CodexSkillView>();
  const codexPrefixes = new Map<string, CodexPrefixList>();
  // A CODEX_HOME that does not exist: the global AGENTS.md is outside the project budget anyway.
  const codexHome = joinPath(root, ".promptc-lint-no-codex-home");
  for (const file of files) {
    const name = file.path.slice(file.path.lastIndexOf("/") + 1);
    const dir = file.path.includes("/") ? file.path.slice(0, file.path.lastIndexOf("/")) : "";
    if ((name === "AGENTS.md" || name === "AGENTS.override.md") && !codexChains.has(dir)) {
      const cwd = dir === "" ? root : joinPath(root, dir);
      const opts = { cwd, codexHome, budgetBytes: budget, fallbackFilenames: [], projectRootMarkers: markers, decode: "lossy" as const };
      const paths = discoverProjectDocPaths(host, opts).value;
      const walk = discoverAgentsMd(host, opts);
      const chainFiles: CodexChainFile[] = paths.map((p) => {
        const rel = relativeTo(root, p);
        const doc = walk.value.projectDocs.find((d) => d.path === p);
        if (doc) return { path: rel, size: doc.sizeBytes, kept: doc.keptBytes };
        const st = host.stat(p);
        const size = st.ok ? st.value.size : 0;
        const dropped = walk.diagnostics.some((d) => d.file === p && d.rule === "agents-md/dropped") ? "budget" : walk.diagnostics.some((d) => d.file === p && d.rule === "agents-md/empty") ? "empty" : "unreadable";
        return { path: rel, size, kept: 0, dropped };
      });
      codexChains.set(dir, { dir, maxBytes: budget, files: chainFiles });
    }
    if (file.kind === "skill" && !file.status.error && !file.status.binary) {
      const parsed = parseSkillMd(file.text, dir === "" ? undefined : dir.slice(dir.lastIndexOf("/") + 1));
      codexSkills.set(file.path, parsed.ok ? { path: file.path, name: parsed.value.name, description: parsed.value.description } : { path: file.path, error: parsed.message });
    }
    if (file.kind === "exec-policy" && !file.status.error && !file.status.binary) {
      const parsed = parsePrefixRules(file.text, file.path);
      const allow = parsed.value.filter((r) => r.decision === "allow");
      const failure = parsed.diagnostics.find((d) => d.severity === "error");
      codexPrefixes.set(file.path, {
        path: file.path,
        prefixes: allow.map((r) => r.pattern),
        lines: allow.map((r) => r.line),
        ...(failure ? { error: { message: failure.message, line: failure.place?.line ?? 1, column: failure.place?.column ?? 1 } } : {}),
      });
    }
  }
  return { codexChains, codexSkills, codexPrefixes };
}
