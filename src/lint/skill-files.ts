// Helpers for rules that look at a whole skill directory or at local links: listing files, link targets. Pure.
import type { Place } from "../model/diagnostic.js";
import type { LintFs, LintProject } from "./lint-project.js";
import { createPathResolver } from "./resolve-written-path.js";
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
  if (
    /^[a-z][a-z0-9+.-]*:/i.test(target) ||
    target.startsWith("#") ||
    target.startsWith("/") ||
    target.startsWith("~") ||
    target.startsWith("//")
  )
    return undefined;
  if (/[{}<>$]/.test(target)) return undefined;
  // A template placeholder: `[title](URL)`, `(link)`, `(path/to/file)`.
  if (/^(url|link|href|path|todo|tbd|xxx|\.\.\.|…)$/i.test(target) || /^path\/to\//i.test(target)) return undefined;
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

/**
 * Does `text` name the skill-relative `rel` as a path of its own: not as the tail of a longer path
 * (`packages/other/README.md` is another package's), and not inside an HTML comment. `./rel` and
 * `${SKILL_DIR}/rel` count.
 */
export function namesOwnPath(text: string, rel: string): boolean {
  const visible = withoutHtmlComments(text);
  let at = visible.indexOf(rel);
  while (at !== -1) {
    const before = visible.slice(Math.max(0, at - 2), at);
    const end = visible[at + rel.length] ?? "";
    const ownStart = !/[\w./-]$/.test(before) || /(^|[^.])\.\/$/.test(before) || /[})]\/$/.test(before);
    if (ownStart && !/[\w/-]/.test(end)) return true;
    at = visible.indexOf(rel, at + 1);
  }
  return false;
}

/** `text` with each `<!-- … -->` blanked (what a reader of the rendered Markdown never sees). */
export function withoutHtmlComments(text: string): string {
  return text.replace(/<!--[\s\S]*?(-->|$)/g, (m) => m.replace(/[^\n]/g, " "));
}

/** `path` relative to folder `from` (both skill-relative, `/`-separated), with `../` when it climbs. */
export function relativePath(from: string, path: string): string {
  const a = from === "" ? [] : from.split("/");
  const b = path.split("/");
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => ".."), ...b.slice(i)].join("/");
}

/**
 * Does `text` cover `rel` through a folder mention (`references/`, `scripts/lib/`) or a path pattern
 * (`references/<api>/api.md`, `references/{lang}/`, `assets/*.png`)?
 */
export function coversPath(text: string, rel: string): boolean {
  const parts = rel.split("/");
  for (let i = 1; i < parts.length; i++) {
    const folder = `${parts.slice(0, i).join("/")}/`;
    // The folder itself (`references/`), not the start of a longer path (`references/a.md`).
    if (new RegExp(`(^|[^\\w./-])(\\./)?${folder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w.<{*[-])`).test(text))
      return true;
  }
  for (const m of text.matchAll(/(?:\.\/)?([\w.-]+(?:\/(?:[\w.-]+|<[^>/\s]+>|\{[^}/\s]+\}|\[[^\]/\s]+\]|\*+))+\/?)/g)) {
    const pattern = (m[1] as string).replace(/\/$/, "");
    if (!/[<{[*]/.test(pattern)) continue;
    const source = pattern
      .split("/")
      .map((seg) =>
        /^(<[^>]+>|\{[^}]+\}|\[[^\]]+\]|\*+)$/.test(seg)
          ? "[^/]+"
          : seg
              .replace(/[.+?^$()|\\]/g, "\\$&")
              .replace(/\*/g, "[^/]*")
              .replace(/<[^>]+>|\{[^}]+\}/g, "[^/]+"),
      )
      .join("/");
    if (new RegExp(`^${source}(/|$)`).test(rel)) return true;
  }
  return false;
}

/**
 * Relative markdown links of `file` whose target does not exist (shared by ctx/ and skill/broken-link); a target
 * the checkout lacks by design (the ignore files list it, a submodule's) is not broken.
 */
export function brokenLinks(
  file: LintFile,
  project: Pick<LintProject, "fs" | "facts" | "root">,
): { target: string; place: Place }[] {
  const fs = project.fs;
  const out: { target: string; place: Place }[] = [];
  for (const link of file.markdown.links) {
    const path = localLinkPath(dirOf(file.path), link.target);
    if (path === undefined || fs.kind(path) !== undefined) continue;
    // Built on the first missing target (once per project): most files link to none.
    if (createPathResolver(project).notCheckedIn(path) !== undefined) continue;
    // Written from the project root (`packages/x/README.md` in a nested file): an agent, started at the root, finds it.
    const fromRoot = localLinkPath("", link.target);
    if (fromRoot !== undefined && !fromRoot.startsWith("../") && fs.kind(fromRoot) !== undefined) continue;
    out.push({
      target: link.target,
      place: { line: link.line, column: link.column, endLine: link.line, endColumn: link.column + link.target.length },
    });
  }
  return out;
}
