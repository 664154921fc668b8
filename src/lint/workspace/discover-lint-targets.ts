// Finds what `promptc lint` checks: a walk over known agent-context names (lint-patterns.ts; fast-glob for a user's
// glob), nested .gitignore files with negation, ignore patterns, symlinked context files and skill folders,
// --max-files. Does IO.
import fg from "fast-glob";
import type { Host } from "../../host/host.js";
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import type { LintFileKind } from "../define-rule.js";
import { classifyLintPath, dirOf } from "../lint-file.js";
import { createGitignoreFilter, gitignorePruneGlobs, type GitignoreSource } from "./create-gitignore-filter.js";
import { globToRegExp } from "../glob-to-regexp.js";
import { joinPath, normalizePath } from "../../discover/paths.js";
import { appendAll } from "../../model/append-all.js";
import { cannotRead } from "../../model/file-error.js";
import { readGitTracked } from "./read-git-tracked.js";
import { relativeTo } from "./relative-to.js";
import { isPromptTemplate } from "../template-inputs.js";
import { ALWAYS_IGNORED, DEFAULT_LINT_PATTERNS, isSkillLinkEntry, SKILL_LINK_PATTERNS } from "./lint-patterns.js";
import { GITIGNORE_MAX_BYTES, readAncestorGitignores } from "./read-ancestor-gitignores.js";
import { hostFsAdapter, walkNewlineEntries } from "./host-glob-walk.js";
import { walkPlainGlobs } from "./walk-plain-globs.js";

export const DEFAULT_MAX_FILES = 10_000;
/** How much of a Handlebars file is read to find a `promptc-inputs` declaration (it opens the file). */
const PROMPT_TEMPLATE_SNIFF_BYTES = 4096;

export interface DiscoverLintTargetsOptions {
  /** Absolute project root; results are relative to it. */
  root: string;
  /** Positional paths and globs, relative to root (or absolute); empty = the default patterns. */
  patterns: readonly string[];
  /** `--ignore-pattern` globs, relative to `ignorePatternsBase` (the folder lint was started in; default root). */
  ignorePatterns?: readonly string[];
  ignorePatternsBase?: string;
  /** Apply .gitignore files (the repository's, nested ones, negations) and the ignore patterns (default true; --no-ignore). */
  gitignore?: boolean;
  /** `ignorePatterns` of a config file, relative to that file's directory `base`. */
  configIgnores?: readonly { base: string; file: string; patterns: readonly string[] }[];
  maxFiles?: number;
  /** Walk with fast-glob even for lint's own plain patterns (tests compare it with walkPlainGlobs). */
  fastGlob?: boolean;
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

export function discoverLintTargets(host: Host, options: DiscoverLintTargetsOptions): Result<LintTargets> {
  const diagnostics: Diagnostic[] = [];
  const root = normalizePath(options.root);
  const useIgnores = options.gitignore !== false;
  // Ignore patterns (config, --ignore-pattern) are matched after the walk so an ignored named path can be told apart.
  const patternSets = useIgnores
    ? [
        ...(options.ignorePatterns ?? []).map((p) => ({
          base: normalizePath(options.ignorePatternsBase ?? root),
          p,
          from: "--ignore-pattern",
        })),
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
  const git = useIgnores ? readAncestorGitignores(host, root) : { base: root, sources: [] };
  const rootInBase = relativeTo(git.base, root);
  const toBase = (rel: string): string => (rootInBase === "" ? rel : rel === "" ? rootInBase : `${rootInBase}/${rel}`);

  const found = new Set<string>();
  const explicit = new Set<string>();
  const walked: string[] = [];
  const globs: string[] = [];
  const userGlobs: RegExp[] = [];
  const isGlobMatch = (e: string): boolean => userGlobs.some((re) => re.test(e));
  const patterns = options.patterns.length > 0 ? options.patterns : ["."];
  for (const p of patterns) {
    if (isGlob(p)) {
      const g = p.startsWith("/") ? relativeTo(root, p) : p;
      globs.push(g);
      userGlobs.push(globToRegExp(g));
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
    const ignore = [...ALWAYS_IGNORED, ...prune];
    const found =
      (options.fastGlob !== true
        ? walkPlainGlobs(host, root, list, ignore, unreadableDirs, newlineEntries)
        : undefined) ??
      fg
        .sync(list, {
          cwd: root,
          dot: true,
          ignore,
          onlyFiles: false,
          markDirectories: true,
          followSymbolicLinks: false,
          suppressErrors: true,
          unique: true,
          fs: hostFsAdapter(host, root, unreadableDirs, newlineEntries),
        })
        .filter((e) => !e.endsWith("/"));
    return [...found, ...walkNewlineEntries(host, root, newlineEntries, list, ignore, found)];
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
  // Tracked beats ignored: a skill committed under a folder .gitignore matches is in every checkout and the
  // agent loads it, so git's index puts it back (the walk pruned or skipped it as ignored).
  const tracked = useIgnores ? readGitTracked(host, root) : undefined;
  const isTracked = (rel: string): boolean => tracked?.has(rel) === true;
  if (tracked !== undefined) {
    const listed = new Set(entries);
    const wanted = globs.map((g) => globToRegExp(g));
    for (const p of tracked)
      if (!listed.has(p) && wanted.some((re) => re.test(p)) && host.stat(joinPath(root, p)).ok) entries.push(p);
  }
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
    ignoredByPattern(rel) ?? (useIgnores && !isTracked(rel) && isGitignored(toBase(rel)) ? ".gitignore" : undefined);
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
    const linkedSkill = isSkillLinkEntry(e);
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
  // The default walk takes a Handlebars file only when it is a promptc template: scaffolding and view templates
  // (`templates/component.hbs` of a generator) use other helpers and data, and every finding on them is false.
  // A folder named on the command line is linted whole.
  const namedTemplateDir = (e: string): boolean =>
    walked.some(
      (w) =>
        w !== "" &&
        e.startsWith(`${w}/`) &&
        (w.split("/").includes("templates") || !e.slice(w.length + 1).includes("/")),
    );
  const hbsIn = new Map<string, string[]>();
  for (const e of entries)
    if (classifyLintPath(e) === "template") hbsIn.set(dirOf(e), [...(hbsIn.get(dirOf(e)) ?? []), e]);
  const notPromptTemplate = (e: string): boolean => {
    if (classifyLintPath(e) !== "template" || namedTemplateDir(e) || isGlobMatch(e)) return false;
    const r = host.readBytes(joinPath(root, e), { maxBytes: PROMPT_TEMPLATE_SNIFF_BYTES });
    const text = r.ok ? new TextDecoder().decode(r.value.bytes) : "";
    return !isPromptTemplate(e, text, hbsIn.get(dirOf(e)) ?? []);
  };
  for (const e of entries) {
    if (isGitignoreFile(e) && kindOf(e) === undefined) continue;
    // A walked file must be a kind lint knows by name (`.clinerules/workflows/*.md` are on-demand, not rules).
    if (classifyLintPath(e) === undefined || notPromptTemplate(e)) continue;
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
