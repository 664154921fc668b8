// Finds what `promptc lint` checks (fast-glob over known agent-context names; nested .gitignore files with
// negation, ignore patterns, --max-files) and reads each target through the Host. Does IO.
import fg, { type FileSystemAdapter } from "fast-glob";
import type { Host } from "../../host/host.js";
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import type { LintFileKind } from "../define-rule.js";
import { classifyLintPath, createLintFile, type LintFile, type ReadStatus } from "../lint-file.js";
import type { LintFs } from "../lint-project.js";
import { createGitignoreFilter, gitignorePruneGlobs, type GitignoreSource } from "./create-gitignore-filter.js";
import { globToRegExp } from "../glob-to-regexp.js";
import { LINT_MAX_FILE_BYTES } from "../rules/file-too-large.js";
import { ancestorsOf, joinPath, normalizePath } from "../../discover/paths.js";
import { appendAll } from "../../model/append-all.js";
import { cannotRead } from "../../model/file-error.js";
import { relativeTo } from "./relative-to.js";

/** What lint looks for when no paths are given. */
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
  "**/.clinerules",
  "**/.clinerules/**/*.md",
  "**/.roo/rules/**/*.md",
  "**/.roo/rules-*/**/*.md",
  "**/.continue/rules/**/*.md",
  "**/.windsurf/rules/**/*.md",
  "**/.windsurfrules",
  "**/.agents/rules/**/*.mdc",
  "**/.cursor/commands/**/*.md",
  "**/SKILL.md",
  "**/.codex/config.toml",
  "**/.codex/rules/*.rules",
  "**/templates/**/*.hbs",
];

/** Skill folders a harness scans; a symlinked skill folder there is linted under the path the harness sees. */
const SKILL_LINK_ENTRY = /(^|\/)\.(agents|claude|codex|gemini|github)\/skills\/[^/]+$/;
const SKILL_LINK_PATTERNS: readonly string[] = [
  "**/.agents/skills/*",
  "**/.claude/skills/*",
  "**/.codex/skills/*",
  "**/.gemini/skills/*",
  "**/.github/skills/*",
];

/** Always skipped, whatever .gitignore says. */
const ALWAYS_IGNORED = ["**/node_modules/**", "**/.git/**"];
export const DEFAULT_MAX_FILES = 10_000;

export interface DiscoverLintTargetsOptions {
  /** Absolute project root; results are relative to it. */
  root: string;
  /** Positional paths and globs, relative to root (or absolute); empty = the default patterns. */
  patterns: readonly string[];
  /** `--ignore-pattern` globs, relative to root. */
  ignorePatterns?: readonly string[];
  /** Apply .gitignore files (the repository's, nested ones, negations) and the ignore patterns (default true; --no-ignore). */
  gitignore?: boolean;
  /** `ignorePatterns` of a config file, relative to that file's directory `base`. */
  configIgnores?: readonly { base: string; file: string; patterns: readonly string[] }[];
  maxFiles?: number;
}

export interface LintTargets {
  /** Project-relative paths with their kinds, sorted; `realPath` when the path goes through a symlink. */
  targets: { path: string; kind: LintFileKind; realPath?: string }[];
  /** More files matched than --max-files allowed. */
  truncated: boolean;
}

function isGlob(p: string): boolean {
  return /[*?{}[\]]/.test(p);
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

/** Reads the .gitignore files that apply to `root`: `.git/info/exclude` and ancestors' up to the repository top. */
function ancestorGitignores(host: Host, root: string): { base: string; sources: GitignoreSource[] } {
  const read = (path: string): string | undefined => {
    const r = host.readBytes(path, { maxBytes: GITIGNORE_MAX_BYTES });
    return r.ok ? new TextDecoder().decode(r.value.bytes) : undefined;
  };
  const chain = ancestorsOf(root);
  // The nearest repository (a `.git` directory or worktree file); its .gitignore files apply from its top down.
  const top = chain.find((d) => host.stat(joinPath(d, ".git")).ok);
  const base = top ?? root;
  const sources: GitignoreSource[] = [];
  const exclude = top !== undefined ? read(joinPath(top, ".git", "info", "exclude")) : undefined;
  if (exclude !== undefined) sources.push({ dir: "", text: exclude });
  for (const dir of chain.filter((d) => d === base || d.startsWith(base === "/" ? "/" : `${base}/`))) {
    const text = read(joinPath(dir, ".gitignore"));
    if (text !== undefined) sources.push({ dir: relativeTo(base, dir), text });
  }
  return { base, sources };
}

const GITIGNORE_MAX_BYTES = 1024 * 1024;

export function discoverLintTargets(host: Host, options: DiscoverLintTargetsOptions): Result<LintTargets> {
  const diagnostics: Diagnostic[] = [];
  const root = normalizePath(options.root);
  const useIgnores = options.gitignore !== false;
  // Ignore patterns (config, --ignore-pattern) are matched after the walk so an ignored named path can be told apart.
  const patternSets = useIgnores
    ? [
        ...(options.ignorePatterns ?? []).map((p) => ({ base: root, p, from: "--ignore-pattern" })),
        ...(options.configIgnores ?? []).flatMap((c) =>
          c.patterns.map((p) => ({ base: normalizePath(c.base), p, from: `ignorePatterns in ${c.file}` })),
        ),
      ]
    : [];
  const compiled = patternSets.map((x) => ({
    ...x,
    res: [globToRegExp(x.p), globToRegExp(x.p.replace(/\/?$/, "/**"))],
  }));
  const ignoredByPattern = (rel: string): string | undefined => {
    const abs = rel === "" ? root : joinPath(root, rel);
    for (const c of compiled) {
      const r = relativeTo(c.base, abs);
      if (r.startsWith("../") || r === "..") continue;
      if (c.res.some((re) => re.test(r))) return `${c.from}: ${c.p}`;
    }
    return undefined;
  };
  const git = useIgnores ? ancestorGitignores(host, root) : { base: root, sources: [] };
  const rootInBase = relativeTo(git.base, root);
  const toBase = (rel: string): string => (rootInBase === "" ? rel : rel === "" ? rootInBase : `${rootInBase}/${rel}`);

  const found = new Set<string>();
  const explicit = new Set<string>();
  const walked: string[] = [];
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
      diagnostics.push(diagnostic("lint/no-such-path", "error", cannotRead(p, st.error), { file: p }));
      continue;
    }
    const rel = relativeTo(root, abs);
    if (st.value.kind === "directory") {
      walked.push(rel);
      appendAll(
        globs,
        [...DEFAULT_LINT_PATTERNS, ...SKILL_LINK_PATTERNS].map((g) => (rel === "" ? g : `${rel}/${g}`)),
      );
      // `promptc lint templates` (or a folder inside it): the templates are below, not under another templates/.
      if (rel.split("/").includes("templates")) globs.push(`${rel}/**/*.hbs`);
      // A named folder of prose (`--prose-dir` layout: `<prose-id>.hbs` side by side) is linted as templates too.
      else if (rel !== "") globs.push(`${rel}/*.hbs`);
    } else {
      explicit.add(rel);
      found.add(rel);
    }
  }
  const gitignoreGlobs =
    walked.length > 0 ? walked.map((w) => (w === "" ? "**/.gitignore" : `${w}/**/.gitignore`)) : ["**/.gitignore"];
  // Symlinks are listed too (not followed while walking): a CLAUDE.md → AGENTS.md link is what Claude Code loads.
  // fast-glob reads folders through the Host: an unreadable one becomes a diagnostic instead of a silent gap, and
  // entries whose names hold a newline (its matcher never matches them; preview loads them) are walked here.
  const unreadableDirs = new Map<string, string>();
  const newlineEntries = new Set<string>();
  const walk = (prune: readonly string[]): string[] => {
    if (globs.length === 0) return [];
    const list = useIgnores ? [...globs, ...gitignoreGlobs] : globs;
    const found = fg
      .sync(list, {
        cwd: root,
        dot: true,
        ignore: [...ALWAYS_IGNORED, ...prune],
        onlyFiles: false,
        markDirectories: true,
        followSymbolicLinks: false,
        suppressErrors: true,
        unique: true,
        fs: hostFsAdapter(host, root, unreadableDirs, newlineEntries),
      })
      .filter((e) => !e.endsWith("/"));
    return [...found, ...walkNewlineEntries(host, root, newlineEntries, list, [...ALWAYS_IGNORED, ...prune], found)];
  };
  // Skip plainly ignored directories (dist/, target/) during the walk unless a negation could re-include them;
  // ancestors' anchored patterns are relative to another directory, so only their unanchored names count.
  const rootLevel = git.sources
    .filter((s) => s.dir === "" || s.dir === rootInBase)
    .map((s) => ({
      dir: "",
      text:
        s.dir === rootInBase
          ? s.text
          : s.text
              .split(/\r?\n/)
              .filter((l) => !l.trim().startsWith("/"))
              .join("\n"),
    }));
  const prune = useIgnores ? gitignorePruneGlobs(rootLevel) : [];
  const isGitignoreFile = (e: string): boolean => e === ".gitignore" || e.endsWith("/.gitignore");
  const nested = (list: readonly string[]): GitignoreSource[] =>
    list
      .filter((e) => isGitignoreFile(e) && e !== ".gitignore")
      .flatMap((e) => {
        const r = host.readBytes(joinPath(root, e), { maxBytes: GITIGNORE_MAX_BYTES });
        return r.ok
          ? [{ dir: toBase(e.slice(0, e.lastIndexOf("/"))), text: new TextDecoder().decode(r.value.bytes) }]
          : [];
      });
  let entries = walk(prune);
  let nestedSources = nested(entries);
  if (prune.length > 0 && nestedSources.some((s) => /^\s*!/m.test(s.text))) {
    entries = walk([]);
    nestedSources = nested(entries);
  }
  // .gitignore files between the root and a named directory apply to it too.
  const between = [
    ...new Set(
      walked.flatMap((w) =>
        w
          .split("/")
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
      ),
    ),
  ].filter((d) => d !== "");
  appendAll(
    nestedSources,
    nested(between.map((d) => `${d}/.gitignore`).filter((e) => host.stat(joinPath(root, e)).ok)),
  );
  const known = new Set(git.sources.map((s) => s.dir));
  const isGitignored = createGitignoreFilter([...git.sources, ...nestedSources.filter((n) => !known.has(n.dir))]);
  const ignoredWhy = (rel: string): string | undefined =>
    ignoredByPattern(rel) ?? (useIgnores && isGitignored(toBase(rel)) ? ".gitignore" : undefined);
  const skippedUnder = new Map<string, number>();
  const realPaths = new Map<string, string>();
  const isSymlink = (rel: string): boolean => {
    const st = host.lstat(joinPath(root, rel));
    return st.ok && st.value.kind === "symlink";
  };
  const realOf = (rel: string): string | undefined => {
    const real = host.realpath(joinPath(root, rel));
    return real.ok ? relativeTo(root, real.value) : undefined;
  };
  const expanded: string[] = [];
  for (const e of entries) {
    const linkedSkill = SKILL_LINK_ENTRY.test(e);
    if (!linkedSkill && !isSymlink(e)) {
      expanded.push(e);
      continue;
    }
    if (linkedSkill && !isSymlink(e)) continue;
    const st = host.stat(joinPath(root, e));
    if (!st.ok) continue;
    if (st.value.kind === "file" && !linkedSkill) {
      const real = realOf(e);
      if (real !== undefined && real !== e) realPaths.set(e, real);
      expanded.push(e);
    } else if (st.value.kind === "directory" && linkedSkill && host.stat(joinPath(root, e, "SKILL.md")).ok) {
      const real = realOf(`${e}/SKILL.md`);
      if (real !== undefined) realPaths.set(`${e}/SKILL.md`, real);
      expanded.push(`${e}/SKILL.md`);
    }
  }
  entries = expanded;
  for (const e of entries) {
    if (isGitignoreFile(e) && kindOf(e) === undefined) continue;
    // A walked file must be a kind lint knows by name (`.clinerules/workflows/*.md` are on-demand, not rules).
    if (classifyLintPath(e) === undefined) continue;
    if (ignoredWhy(e) !== undefined) {
      for (const w of walked)
        if (w !== "" && e.startsWith(`${w}/`)) skippedUnder.set(w, (skippedUnder.get(w) ?? 0) + 1);
      continue;
    }
    found.add(e);
  }
  for (const rel of explicit) {
    const why = ignoredWhy(rel);
    if (why === undefined) continue;
    found.delete(rel);
    diagnostics.push(
      diagnostic("lint/ignored-path", "warning", `${rel} is ignored (${why}); use --no-ignore to lint it`, {
        file: rel,
      }),
    );
  }
  const targets: LintTargets["targets"] = [];
  for (const path of [...found].sort()) {
    const kind = kindOf(path);
    if (!kind) {
      if (explicit.has(path))
        diagnostics.push(
          diagnostic("lint/unknown-file-kind", "warning", `${path}: not a file kind promptc lints (skipped)`, {
            file: path,
          }),
        );
      continue;
    }
    const realPath = realPaths.get(path) ?? (explicit.has(path) && isSymlink(path) ? realOf(path) : undefined);
    targets.push(realPath !== undefined && realPath !== path ? { path, kind, realPath } : { path, kind });
  }
  // A named directory whose agent files are all ignored: say so instead of "no files to lint" (ESLint does too).
  for (const [w, n] of skippedUnder) {
    if (targets.some((t) => t.path.startsWith(`${w}/`))) continue;
    diagnostics.push(
      diagnostic(
        "lint/ignored-path",
        "warning",
        `${w}: all ${n} agent file(s) under it are ignored (${ignoredWhy(w) ?? "ignore patterns"}); use --no-ignore to lint them`,
        { file: w },
      ),
    );
  }
  for (const [rel, code] of unreadableDirs) {
    if (ignoredWhy(rel) !== undefined) continue;
    diagnostics.push(
      diagnostic(
        "lint/unreadable-directory",
        "warning",
        `${cannotRead(rel || ".", code)}; files below it were not linted`,
        { file: rel || ".", data: { code } },
      ),
    );
  }
  const max = options.maxFiles ?? DEFAULT_MAX_FILES;
  const truncated = targets.length > max;
  if (truncated)
    diagnostics.push(
      diagnostic(
        "lint/max-files",
        "error",
        `${targets.length} files match, more than --max-files ${max}; narrow the paths or raise the limit`,
        { data: { found: targets.length, max } },
      ),
    );
  return { value: { targets: truncated ? targets.slice(0, max) : targets, truncated }, diagnostics };
}

/** Dirent-like entries for fast-glob from the Host's readDir (fast-glob calls it with `withFileTypes`). */
function hostFsAdapter(
  host: Host,
  root: string,
  unreadable: Map<string, string>,
  newline: Set<string>,
): Partial<FileSystemAdapter> {
  const readdirSync = ((path: string, options?: { withFileTypes?: boolean }) => {
    const abs = path.startsWith("/") ? path : joinPath(root, path);
    const listed = host.readDir(abs);
    if (!listed.ok) {
      unreadable.set(relativeTo(root, abs), listed.error.code);
      throw Object.assign(new Error(listed.error.message), { code: listed.error.code });
    }
    for (const e of listed.value) if (e.name.includes("\n")) newline.add(relativeTo(root, joinPath(abs, e.name)));
    const entries = listed.value.filter((e) => !e.name.includes("\n"));
    if (!options?.withFileTypes) return entries.map((e) => e.name);
    return entries.map((e) => ({
      name: e.name,
      isFile: () => e.kind === "file",
      isDirectory: () => e.kind === "directory",
      isSymbolicLink: () => e.kind === "symlink",
      isBlockDevice: () => false,
      isCharacterDevice: () => false,
      isFIFO: () => false,
      isSocket: () => false,
    }));
  }) as unknown as FileSystemAdapter["readdirSync"];
  return { readdirSync };
}

/** Newline-safe matching: the glob matchers stop at a newline, so paths are matched with it swapped out. */
const NEWLINE_STAND_IN = "\uE000";

/** Files at or below entries whose names hold a newline, matched against `globs` minus `ignore` (Host reads only). */
function walkNewlineEntries(
  host: Host,
  root: string,
  starts: ReadonlySet<string>,
  globs: readonly string[],
  ignore: readonly string[],
  already: readonly string[],
): string[] {
  if (starts.size === 0) return [];
  const want = globs.map((g) => globToRegExp(g));
  const skip = ignore.map((g) => globToRegExp(g));
  const matches = (rel: string): boolean => {
    const p = rel.replaceAll("\n", NEWLINE_STAND_IN);
    return want.some((re) => re.test(p)) && !skip.some((re) => re.test(p));
  };
  const seen = new Set(already);
  const out: string[] = [];
  const stack = [...starts].sort();
  while (stack.length > 0) {
    const rel = stack.pop() as string;
    const st = host.lstat(joinPath(root, rel));
    if (!st.ok) continue;
    if (st.value.kind === "file") {
      if (matches(rel) && !seen.has(rel)) out.push(rel);
      continue;
    }
    if (st.value.kind !== "directory" || skip.some((re) => re.test(`${rel.replaceAll("\n", NEWLINE_STAND_IN)}/x`)))
      continue;
    const listed = host.readDir(joinPath(root, rel));
    if (listed.ok) for (const e of listed.value) stack.push(`${rel}/${e.name}`);
  }
  return out.sort();
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
export function readLintFile(host: Host, root: string, path: string, kind: LintFileKind, realPath?: string): LintFile {
  const read = host.readBytes(joinPath(root, path), { maxBytes: LINT_MAX_FILE_BYTES });
  if (!read.ok)
    return createLintFile(path, kind, "", { error: read.error.code, ...(realPath !== undefined ? { realPath } : {}) });
  const { text, status } = decodeLintBytes(read.value.bytes);
  if (read.value.truncated) status.tooLargeBytes = read.value.size;
  if (realPath !== undefined) status.realPath = realPath;
  return createLintFile(path, kind, text, status);
}

/** A LintFs over the Host, rooted at `root`, with small caches (rules ask for the same files repeatedly). */
export function createHostLintFs(host: Host, root: string): LintFs {
  const kinds = new Map<string, "file" | "directory" | undefined>();
  const texts = new Map<string, string | undefined>();
  const lists = new Map<string, { name: string; kind: "file" | "directory" }[]>();
  const abs = (p: string): string => (p === "" ? normalizePath(root) : joinPath(root, p));
  const reals = new Map<string, string | undefined>();
  return {
    realPath(path) {
      if (!reals.has(path)) {
        const real = host.realpath(abs(path));
        const rel = real.ok ? relativeTo(normalizePath(root), real.value) : undefined;
        reals.set(path, rel === undefined || rel.startsWith("../") ? undefined : rel);
      }
      return reals.get(path);
    },
    kind(path) {
      if (path.startsWith("../") || path === "..") return undefined;
      if (!kinds.has(path)) {
        const st = host.stat(abs(path));
        kinds.set(
          path,
          st.ok
            ? st.value.kind === "directory"
              ? "directory"
              : st.value.kind === "file"
                ? "file"
                : undefined
            : undefined,
        );
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
