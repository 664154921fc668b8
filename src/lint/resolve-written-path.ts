// The one answer every path-checking rule gives about a path written in an instruction (a code span, a link, an
// import): it is there, it is one the checkout cannot hold (built, fetched, local: the repository's ignore files
// list it; a submodule's), it belongs to another project, or it is missing, with a suggestion whose whole
// path is close. Pure: the facts come from the workspace layer.
import { createGitignoreFilter, type GitignoreFilter } from "./workspace/create-gitignore-filter.js";
import type { LintFacts, LintFs, LintProject } from "./lint-project.js";
import { joinPath } from "./lint-file.js";

export type WrittenPathStatus =
  /** `path`: the project-relative path it resolved to. */
  | { type: "exists"; path: string }
  /** Not in a checkout by design: the ignore files list it, or it is inside a submodule. */
  | { type: "not-checked-in"; because: "built" | "ignored" | "submodule" }
  /** Nothing to compare with: no complete file list. */
  | { type: "unknown" }
  | { type: "missing"; suggestion?: string };

export interface WrittenPath {
  /** As written, without a leading `./` or a trailing `/`. */
  path: string;
  /** The folder of the file it is written in (project-relative, "" = root). */
  fromDir: string;
  /** Written with a trailing slash: a folder. */
  isDir?: boolean;
}

export interface PathResolver {
  resolve(written: WrittenPath): WrittenPathStatus;
  /** True when the prose right before column `at` of `line` gives the path there to another project. */
  isAttributedElsewhere(line: string, at: number, end?: number): boolean;
  /**
   * Folders the ignore files list by a path of two or more segments that are absent while their parent is
   * here (`crates/x_tests/prettier/`): what the repository clones or fetches on first run.
   */
  fetchedFolders: readonly string[];
  /** Why a checkout lacks the project-relative `path` by design (built, ignored, in a submodule), else undefined. */
  notCheckedIn(path: string, isDir?: boolean): NotCheckedIn | undefined;
}

export type NotCheckedIn = Extract<WrittenPathStatus, { type: "not-checked-in" }>["because"];

/** Folders that are built, installed or cached by convention, whether or not an ignore file lists them. */
const BUILT =
  /(^|\/)(dist|build|out|coverage|node_modules|target|\.next|\.nuxt|\.output|\.turbo|\.cache|tmp|temp|vendor|generated|__generated__|\.venv|venv)(\/|$)/;

/** Folders above `path`, nearest first. */
const foldersAbove = (path: string): string[] =>
  path
    .split("/")
    .slice(0, -1)
    .map((_, i, parts) => parts.slice(0, parts.length - i).join("/"));

/** The longest common subsequence of two segment lists, by length. */
function commonSegments(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(above, row[j - 1] as number);
      diagonal = above;
    }
  }
  return row[b.length] as number;
}

/** How much of the written path's segments, in order, a candidate keeps: 1 when the candidate ends with it. */
export function pathSimilarity(written: string, candidate: string): number {
  const w = written.split("/");
  return commonSegments(w, candidate.split("/")) / w.length;
}

/** A suggestion must keep at least this share of the written path (`src/tools/init.ts` → `apps/x/src/core/tools/init.ts`). */
export const SUGGESTION_MIN_SIMILARITY = 0.75;

/** Submodule folders from `.gitmodules` (their files are not in the superproject's checkout). */
function submodulesOf(fs: LintFs): string[] {
  const text = fs.readText(".gitmodules") ?? "";
  return [...text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)].map((m) => (m[1] as string).replace(/\/$/, ""));
}

const filters = new WeakMap<LintFacts, GitignoreFilter>();
const folderLists = new WeakMap<LintFacts, readonly string[]>();

/** Every folder of the project's file list (computed once per run's facts). */
function foldersOf(facts: LintFacts): readonly string[] {
  let list = folderLists.get(facts);
  if (list === undefined)
    folderLists.set(facts, (list = [...new Set((facts.projectFiles?.files ?? []).flatMap((f) => foldersAbove(f)))]));
  return list;
}

/** `true` when the repository's ignore files list the project-relative `path` (or a folder above it). */
function isIgnoredBy(facts: LintFacts, path: string, isDir: boolean): boolean {
  const g = facts.gitignore;
  if (g === undefined) return false;
  let filter = filters.get(facts);
  if (filter === undefined) filters.set(facts, (filter = createGitignoreFilter(g.sources)));
  const inBase = g.rootInBase === "" ? path : `${g.rootInBase}/${path}`;
  return filter(isDir ? `${inBase}/` : inBase) || foldersAbove(inBase).some((d) => filter(`${d}/`));
}

const resolvers = new WeakMap<object, PathResolver>();

/** A resolver over one project's files, ignore files and submodules (built once per project: rules share it). */
export function createPathResolver(project: Pick<LintProject, "fs" | "facts" | "root">): PathResolver {
  let resolver = resolvers.get(project);
  if (resolver === undefined) resolvers.set(project, (resolver = buildPathResolver(project)));
  return resolver;
}

function buildPathResolver(project: Pick<LintProject, "fs" | "facts" | "root">): PathResolver {
  const { fs, facts } = project;
  const own = ownNamesOf(project);
  const index = facts.projectFiles;
  const folders = (): readonly string[] => foldersOf(facts);
  const submodules = submodulesOf(fs);
  const fetched = fetchedFoldersOf(facts, fs);
  const existsUnderAny = (p: string, isDir: boolean): boolean =>
    (isDir ? folders() : (index?.files ?? [])).some((f) => f === p || f.endsWith(`/${p}`));
  const notCheckedIn = (path: string, isDir = false): NotCheckedIn | undefined => {
    if (path === ".." || path.startsWith("../")) return undefined;
    if (BUILT.test(path)) return "built";
    if (isIgnoredBy(facts, path, isDir)) return "ignored";
    if (submodules.some((s) => path === s || path.startsWith(`${s}/`))) return "submodule";
    return undefined;
  };
  return {
    fetchedFolders: fetched,
    notCheckedIn,
    resolve({ path, fromDir, isDir = false }) {
      const here = joinPath(fromDir, path);
      // TypeScript imports name `.js` for a `.ts` source.
      const variants = [
        path,
        ...(/\.(c|m)?js$/.test(path) ? [path.replace(/js$/, "ts"), path.replace(/\.js$/, ".tsx")] : []),
      ];
      for (const v of variants) {
        const local = joinPath(fromDir, v);
        if (local !== undefined && fs.kind(local) !== undefined) return { type: "exists", path: local };
        if (fs.kind(v) !== undefined) return { type: "exists", path: v };
      }
      for (const c of new Set([here, path])) {
        const because = c === undefined ? undefined : notCheckedIn(c, isDir);
        if (because !== undefined) return { type: "not-checked-in", because };
      }
      // Without a complete file list the project cannot be searched: say nothing rather than guess.
      if (!index || !index.complete) return { type: "unknown" };
      const found = variants.find((v) => existsUnderAny(v, isDir));
      if (found !== undefined) return { type: "exists", path: found };
      const base = path.slice(path.lastIndexOf("/") + 1);
      const sameName = (isDir ? folders() : index.files).filter((f) => f === base || f.endsWith(`/${base}`));
      const ranked = sameName
        .map((c) => ({ c, score: pathSimilarity(path, c) }))
        .filter((x) => x.score >= SUGGESTION_MIN_SIMILARITY)
        .sort((a, b) => b.score - a.score || a.c.length - b.c.length);
      const best = ranked[0];
      // Two equally close candidates: no single suggestion.
      if (best === undefined || ranked[1]?.score === best.score) return { type: "missing" };
      return { type: "missing", suggestion: `${best.c}${isDir ? "/" : ""}` };
    },
    isAttributedElsewhere(line, at, end = at) {
      const isOwn = (name: string): boolean => own.has(name.toLowerCase()) || OWN_PARTS.test(name);
      // "a Prettier `front-matter/parse.js` port": the word after the path gives it away.
      const named = /\b([A-Z][\w.-]*)\s+$/.exec(line.slice(0, at))?.[1];
      if (PORT_OF.test(line.slice(end)) && named !== undefined && !isOwn(named)) return true;
      const clause = (
        line
          .slice(0, at)
          .split(/[.;:!?()]\s|—|\s-\s/)
          .pop() ?? ""
      ).replace(/`[^`]*`/g, "x");
      const m = OTHER_PROJECT.exec(clause);
      if (!m) return false;
      // "Biome's `crates/…`" in Biome's own instructions is this project.
      const owner =
        /\b([A-Z][\w.-]*)'s\s/.exec(m[0])?.[1] ??
        /([A-Z][\w.-]*)\s+(?:repo|repository|project|codebase|source)/.exec(m[0])?.[1];
      return owner === undefined || !isOwn(owner);
    },
  };
}

/** What this project calls itself: its folder's name and its package.json name, lower-cased, with their stems. */
function ownNamesOf(project: Pick<LintProject, "fs" | "root">): Set<string> {
  const names = [project.root.slice(project.root.lastIndexOf("/") + 1)];
  try {
    const pkg = JSON.parse(project.fs.readText("package.json") ?? "{}") as { name?: unknown };
    if (typeof pkg.name === "string") names.push(pkg.name.replace(/^@[^/]+\//, ""), pkg.name.replace(/^@|\/.*$/g, ""));
  } catch {
    // no name from an unreadable package.json
  }
  return new Set(names.flatMap((n) => [n.toLowerCase(), n.toLowerCase().replace(/[-_.].*$/, "")]).filter(Boolean));
}

/** The word after a path that makes it another project's: "a Prettier `x.js` port", "… equivalent". */
const PORT_OF = /^`*\s*(port|ported|equivalent|counterpart)\b/;

/** The fetched folders of PathResolver.fetchedFolders (a build output is `dist/`, one segment). */
function fetchedFoldersOf(facts: LintFacts, fs: LintFs): string[] {
  const g = facts.gitignore;
  if (g === undefined) return [];
  const out: string[] = [];
  for (const s of g.sources)
    for (const raw of s.text.split(/\r?\n/)) {
      const line = raw.trim();
      if (line === "" || line.startsWith("#") || line.startsWith("!") || /[*?[\]]/.test(line)) continue;
      const body = line.replace(/^\/|\/$/g, "");
      if (!body.includes("/")) continue;
      const inBase = s.dir === "" ? body : `${s.dir}/${body}`;
      const prefix = g.rootInBase === "" ? "" : `${g.rootInBase}/`;
      if (!inBase.startsWith(prefix)) continue;
      const folder = inBase.slice(prefix.length);
      const parent = folder.slice(0, folder.lastIndexOf("/"));
      if (fs.kind(folder) === undefined && fs.kind(parent) === "directory") out.push(folder);
    }
  return out;
}

/** Parts of any project ("the CLI's `src/cli.ts`"), never another project's name. */
const OWN_PARTS =
  /^(CLI|API|SDK|UI|App|Server|Client|Core|Extension|Package|Project|Repo|Repository|Agent|Module|Plugin|This|The|Our|Its|Each|Every)$/;

/**
 * Text before a path that gives it to another project: "a port of Prettier's `front-matter/parse.js`",
 * "ported from", "upstream", "in the Rollup repository". Read within the path's own clause.
 */
const OTHER_PROJECT =
  /(?:\b[A-Z][\w.-]*'s\s+(?:[\w-]+\s+){0,2}|\b(?:port(?:ed)?|copied|adapted|vendored|taken|forked|derived)\s+(?:of|from)\s+(?:\S+\s+){0,3}|\bupstream\s+(?:[\w-]+\s+){0,2}|\b(?:the\s+)?[A-Z][\w.-]*\s+(?:repo|repository|project|codebase|source)s?\s+(?:(?:at|under|in)\s+)?)$/;
