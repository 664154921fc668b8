// The directory tree Gemini CLI puts in its first user message: breadth-first from the cwd, at most 200 entries,
// each folder's files (sorted) then its folders, node_modules/.git/dist/__pycache__ and ignored folders shown as
// `name/...`, .gitignore (from the cwd down) and .geminiignore applied. IO through the Host only. From Gemini CLI
// 0.61.0's getFolderStructure (readable bundle), confirmed by capture.
import ignore, { type Ignore } from "ignore";
import type { Host } from "../../host/host.js";
import { basenameOf, joinPath, normalizePath } from "../paths.js";

export const GEMINI_TREE_MAX_ITEMS = 200;
export const GEMINI_TREE_IGNORED_FOLDERS: ReadonlySet<string> = new Set([
  "node_modules",
  ".git",
  "dist",
  "__pycache__",
]);
export const GEMINI_TREE_MORE = "...";

interface Node {
  name: string;
  path: string;
  files: string[];
  folders: Node[];
  ignored?: boolean;
  moreFiles?: boolean;
  moreFolders?: boolean;
}

export interface GeminiTree {
  /** `<cwd>/` and the tree lines. */
  lines: string;
  truncated: boolean;
}

const utf8 = new TextDecoder("utf-8");

function processPatterns(raw: string[], baseDir: string): string[] {
  const out: string[] = [];
  for (const line of raw) {
    let p = line.trimStart();
    if (p === "" || p.startsWith("#")) continue;
    const negative = p.startsWith("!");
    if (negative) p = p.slice(1);
    const anchored = p.startsWith("/");
    if (anchored) p = p.slice(1);
    if (p === "") continue;
    let pattern = p;
    if (baseDir !== "" && baseDir !== ".") {
      if (!anchored && !p.includes("/")) pattern = `**/${p}`;
      pattern = `/${baseDir}/${pattern}`.replace(/\/+/g, "/");
    }
    if (anchored && !pattern.startsWith("/")) pattern = `/${pattern}`;
    out.push(negative ? `!${pattern}` : pattern);
  }
  return out;
}

/** Gemini CLI's walk; `inGit` decides whether .gitignore files count. */
export function renderGeminiFolderStructure(host: Host, cwd: string, options: { inGit: boolean }): GeminiTree {
  const root = normalizePath(cwd);
  const git: Ignore = ignore().add(".git");
  const gemini: Ignore = ignore();
  // Without patterns of the folder's own, only `.git` itself is ignored (the walk never enters an ignored folder),
  // which spares the matcher's check of every parent of every entry: deep trees made that quadratic per walk.
  let ownPatterns = false;
  const addPatterns = (to: Ignore, patterns: string[]) => {
    to.add(patterns);
    ownPatterns ||= patterns.length > 0;
  };
  const readLines = (path: string): string[] | undefined => {
    const r = host.readBytes(path);
    return r.ok ? utf8.decode(r.value.bytes).split(/\r\n|\n|\r/) : undefined;
  };
  if (options.inGit) {
    const exclude = readLines(joinPath(root, ".git", "info", "exclude"));
    if (exclude) addPatterns(git, processPatterns(exclude, "."));
  }
  const gi = readLines(joinPath(root, ".geminiignore"));
  if (gi) addPatterns(gemini, processPatterns(gi, "."));
  const rel = (path: string, dir: boolean) => `${path.slice(root.length + 1)}${dir ? "/" : ""}`;
  const ignored = (path: string, dir: boolean) => {
    if (!ownPatterns) return options.inGit && basenameOf(path) === ".git";
    const r = rel(path, dir);
    return (options.inGit && git.ignores(r)) || gemini.ignores(r);
  };

  const top: Node = { name: basenameOf(root), path: root, files: [], folders: [] };
  const queue: Node[] = [top];
  let count = 0;
  const seen = new Set<string>();
  while (queue.length > 0) {
    const node = queue.shift() as Node;
    if (seen.has(node.path)) continue;
    seen.add(node.path);
    if (count >= GEMINI_TREE_MAX_ITEMS) continue;
    const listed = host.readDir(node.path);
    if (!listed.ok) continue;
    if (options.inGit) {
      const lines = readLines(joinPath(node.path, ".gitignore"));
      if (lines) addPatterns(git, processPatterns(lines, node.path === root ? "." : node.path.slice(root.length + 1)));
    }
    const entries = [...listed.value].sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (e.kind !== "file") continue;
      if (count >= GEMINI_TREE_MAX_ITEMS) {
        node.moreFiles = true;
        break;
      }
      if (ignored(joinPath(node.path, e.name), false)) continue;
      node.files.push(e.name);
      count++;
    }
    for (const e of entries) {
      if (e.kind !== "directory") continue;
      if (count >= GEMINI_TREE_MAX_ITEMS) {
        node.moreFolders = true;
        break;
      }
      const path = joinPath(node.path, e.name);
      const child: Node = { name: e.name, path, files: [], folders: [] };
      node.folders.push(child);
      count++;
      if (GEMINI_TREE_IGNORED_FOLDERS.has(e.name) || ignored(path, true)) child.ignored = true;
      else queue.push(child);
    }
  }
  const lines: string[] = [];
  const LAST = "└───";
  const MID = "├───";
  const format = (node: Node, indent: string, last: boolean, isRoot: boolean): void => {
    if (!isRoot || node.ignored)
      lines.push(`${indent}${last ? LAST : MID}${node.name}/${node.ignored ? GEMINI_TREE_MORE : ""}`);
    const childIndent = isRoot ? "" : indent + (last ? "    " : "│   ");
    node.files.forEach((f, i) => {
      const lastFile = i === node.files.length - 1 && node.folders.length === 0 && !node.moreFolders;
      lines.push(`${childIndent}${lastFile ? LAST : MID}${f}`);
    });
    if (node.moreFiles)
      lines.push(`${childIndent}${node.folders.length === 0 && !node.moreFolders ? LAST : MID}${GEMINI_TREE_MORE}`);
    node.folders.forEach((f, i) => format(f, childIndent, i === node.folders.length - 1 && !node.moreFolders, false));
    if (node.moreFolders) lines.push(`${childIndent}${LAST}${GEMINI_TREE_MORE}`);
  };
  format(top, "", true, true);
  const truncated = (n: Node): boolean =>
    Boolean(n.moreFiles || n.moreFolders || n.ignored) || n.folders.some(truncated);
  return { lines: `${root}/\n${lines.join("\n")}`, truncated: truncated(top) };
}
