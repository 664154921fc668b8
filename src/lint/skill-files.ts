// Helpers for rules that look at a whole skill directory or at local links: listing files, link targets. Pure.
import type { Place } from "../model/diagnostic.js";
import type { LintFs } from "./lint-project.js";
import { dirOf, joinPath, type LintFile } from "./lint-file.js";

/** Listing bounds, so a huge or looping tree cannot stall lint. */
export const SKILL_LIST_MAX_DEPTH = 6;
export const SKILL_LIST_MAX_FILES = 2000;

/** Files under `dir` (paths relative to `dir`), skipping dot-entries and node_modules. */
export function listSkillFiles(fs: LintFs, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string, depth: number): void => {
    if (depth > SKILL_LIST_MAX_DEPTH) return;
    for (const e of fs.list(rel === "" ? dir : dir === "" ? rel : `${dir}/${rel}`)) {
      if (out.length >= SKILL_LIST_MAX_FILES) return;
      if (e.name.startsWith(".") || e.name === "node_modules") continue;
      const p = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.kind === "directory") walk(p, depth + 1);
      else out.push(p);
    }
  };
  walk("", 0);
  return out;
}

/**
 * The project-relative file a local link points to, or undefined for URLs, anchors, absolute paths and
 * template placeholders (which are not ours to resolve).
 */
export function localLinkPath(fromDir: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#") || target.startsWith("/") || target.startsWith("~") || target.startsWith("//")) return undefined;
  if (/[{}<>$]/.test(target)) return undefined;
  let path = target.replace(/[?#].*$/, "");
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw path when it is not valid percent-encoding
  }
  if (path === "") return undefined;
  return joinPath(fromDir, path.replace(/\\/g, "/")) ?? `../${path}`;
}

/** Does `text` mention `rel` (a skill-relative path) anywhere: a link, a code span, a bare or `./` path? */
export function mentionsPath(text: string, rel: string): boolean {
  return text.includes(rel);
}

/** Relative markdown links of `file` whose target does not exist (shared by ctx/ and skill/broken-link). */
export function brokenLinks(file: LintFile, fs: LintFs): { target: string; place: Place }[] {
  const out: { target: string; place: Place }[] = [];
  for (const link of file.markdown.links) {
    const path = localLinkPath(dirOf(file.path), link.target);
    if (path === undefined || fs.kind(path) !== undefined) continue;
    out.push({ target: link.target, place: { line: link.line, column: link.column, endLine: link.line, endColumn: link.column + link.target.length } });
  }
  return out;
}
