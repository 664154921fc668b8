// Gemini CLI's `@path` imports in a GEMINI.md: each one outside inline code is replaced, in place, by the
// imported file between `<!-- Imported from: p -->` and `<!-- End of import from: p -->` (untrimmed, nested up
// to 5 deep); a failure leaves a comment saying why. IO through the Host only. From Gemini CLI 0.61.0's
// memoryImportProcessor (readable bundle), confirmed by capture.
import type { Host } from "../../host/host.js";
import { isCachingHost } from "../../host/create-caching-host.js";
import { ancestorsOf, dirnameOf, joinPath, normalizePath, resolvePath } from "../paths.js";

export const GEMINI_IMPORT_MAX_DEPTH = 5;

export interface GeminiImportRecord {
  importer: string;
  raw: string;
  path: string;
  outcome: "imported" | "missing" | "outside-project" | "already-imported";
}

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";
const isLetter = (c: string) => /^[A-Za-z]$/.test(c);

/** `@` at the start or after whitespace, up to the next whitespace; the path starts with `.`, `/` or a letter. */
export function findGeminiImports(content: string): { start: number; end: number; path: string }[] {
  const out: { start: number; end: number; path: string }[] = [];
  let i = 0;
  while (i < content.length) {
    i = content.indexOf("@", i);
    if (i === -1) break;
    if (i > 0 && !isSpace(content[i - 1])) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < content.length && !isSpace(content[j])) j++;
    const path = content.slice(i + 1, j);
    if (path.length > 0 && (path[0] === "." || path[0] === "/" || isLetter(path[0] as string)))
      out.push({ start: i, end: j, path });
    i = j + 1;
  }
  return out;
}

/** Backtick spans (`` `…` `` and fenced blocks alike), where `@` is left alone. */
export function findGeminiCodeRegions(content: string): [number, number][] {
  return [...content.matchAll(/(`+)([\s\S]*?)\1/g)].map((m) => [m.index, m.index + m[0].length]);
}

/** Per caching host: each folder's nearest folder holding a `.git` (lint starts Gemini CLI in every folder of a tree). */
const gitRoots = new WeakMap<Host, Map<string, string>>();

function projectRootOf(host: Host, dir: string): string {
  let known = gitRoots.get(host);
  if (known === undefined && isCachingHost(host)) gitRoots.set(host, (known = new Map()));
  const below: string[] = [];
  for (const d of ancestorsOf(dir)) {
    const root = known?.get(d) ?? (host.lstat(joinPath(d, ".git")).ok ? d : undefined);
    if (root === undefined) {
      below.push(d);
      continue;
    }
    if (known !== undefined) {
      for (const b of below) known.set(b, root);
      known.set(d, root);
    }
    return root;
  }
  // None: the folder itself, which is no answer for the folders between.
  return normalizePath(dir);
}

function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir === "/" ? "/" : `${dir}/`);
}

export function processGeminiImports(
  host: Host,
  content: string,
  file: string,
  records: GeminiImportRecord[],
  state: { depth: number; processed: Set<string>; root?: string } = { depth: 0, processed: new Set() },
): string {
  const base = dirnameOf(file);
  // Found for a file that imports something only (most do not).
  let root = state.root;
  if (state.depth >= GEMINI_IMPORT_MAX_DEPTH) return content;
  const code = findGeminiCodeRegions(content);
  let out = "";
  let last = 0;
  for (const imp of findGeminiImports(content)) {
    out += content.slice(last, imp.start);
    last = imp.end;
    if (code.some(([s, e]) => imp.start >= s && imp.start < e)) {
      out += `@${imp.path}`;
      continue;
    }
    if (/^(file|https?):\/\//.test(imp.path)) {
      out += `<!-- Import failed: ${imp.path} - Path traversal attempt -->`;
      continue;
    }
    const full = resolvePath(base, imp.path);
    const real = host.realpath(full);
    root ??= projectRootOf(host, base);
    const realRoot = host.realpath(root);
    if (!isInside(real.ok ? real.value : full, realRoot.ok ? realRoot.value : root)) {
      records.push({ importer: file, raw: imp.path, path: full, outcome: "outside-project" });
      out += `<!-- Import failed: ${imp.path} - Path traversal attempt -->`;
      continue;
    }
    if (state.processed.has(full)) {
      records.push({ importer: file, raw: imp.path, path: full, outcome: "already-imported" });
      out += `<!-- File already processed: ${imp.path} -->`;
      continue;
    }
    const r = host.stat(full).ok ? host.readBytes(full) : undefined;
    if (r === undefined || !r.ok) {
      records.push({ importer: file, raw: imp.path, path: full, outcome: "missing" });
      // Node's message for the failed access() Gemini CLI makes first.
      out += `<!-- Import failed: ${imp.path} - ENOENT: no such file or directory, access '${full}' -->`;
      continue;
    }
    records.push({ importer: file, raw: imp.path, path: full, outcome: "imported" });
    const processed = new Set(state.processed);
    processed.add(full);
    const inner = processGeminiImports(host, utf8.decode(r.value.bytes), full, records, {
      depth: state.depth + 1,
      processed,
      root,
    });
    out += `<!-- Imported from: ${imp.path} -->\n${inner}\n<!-- End of import from: ${imp.path} -->`;
  }
  return out + content.slice(last);
}
