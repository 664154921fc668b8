// Machine paths in committed outputs as stable placeholders (as Jest writes `<rootDir>`): the checkout, the
// user's home, CODEX_HOME, the temp folder and an agent's folder named after the project, so a snapshot written in
// one checkout matches in any other. Pure.

/** The placeholders, in the order a tie between two roots at the same path is broken (earlier wins). */
export const PATH_PLACEHOLDERS = {
  projectDir: "<projectDir>",
  rootDir: "<rootDir>",
  codexHome: "<codexHome>",
  homeDir: "<homeDir>",
  tmpDir: "<tmpDir>",
} as const;

export type PathPlaceholderName = keyof typeof PATH_PLACEHOLDERS;

/** One absolute machine path and the placeholder written for it. */
export interface PathRoot {
  name: PathPlaceholderName;
  /** Absolute, without a trailing slash. */
  path: string;
}

export type MachinePaths = { [name in PathPlaceholderName]?: string | readonly string[] };

/** Trailing slashes off; undefined for what is not worth replacing: relative paths and `/` itself. */
function normalize(path: string): string | undefined {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed.startsWith("/") && trimmed.length > 1 ? trimmed : undefined;
}

/**
 * The roots to replace: each name with every spelling given (a path and its realpath), deduplicated by path
 * (the first name in PATH_PLACEHOLDERS order keeps a path two names share).
 */
export function buildPathRoots(paths: MachinePaths): PathRoot[] {
  const seen = new Set<string>();
  const roots: PathRoot[] = [];
  for (const name of Object.keys(PATH_PLACEHOLDERS) as PathPlaceholderName[]) {
    const given = paths[name];
    for (const raw of given === undefined ? [] : typeof given === "string" ? [given] : given) {
      const path = normalize(raw);
      if (path === undefined || seen.has(path)) continue;
      seen.add(path);
      roots.push({ name, path });
    }
  }
  return roots;
}

/** A harness's per-project folder name: the path with every character outside A-Z, a-z, 0-9 as `-`. */
export function dashedPath(path: string): string {
  return path.replace(/[^A-Za-z0-9]/g, "-");
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** What may not touch a path on either side for it to be a whole path: a name character, or `.`+name (an extension). */
const NAME_CHAR = "[A-Za-z0-9_+@~%-]";

interface Spelling {
  text: string;
  placeholder: string;
  dashed: boolean;
}

/** Every spelling of every root: as written, and dashed. */
function spellings(roots: readonly PathRoot[]): Spelling[] {
  const out: Spelling[] = [];
  for (const r of roots) {
    const placeholder = PATH_PLACEHOLDERS[r.name];
    out.push({ text: r.path, placeholder, dashed: false });
    out.push({ text: dashedPath(r.path), placeholder: dashedPlaceholder(placeholder), dashed: true });
  }
  // Longest first: a root inside another (the checkout inside the home) wins where both match.
  return out.sort((a, b) => b.text.length - a.text.length);
}

const dashedPlaceholder = (placeholder: string) => placeholder.replace(">", ":dashed>");

/** One alternation, longest spelling first, each bounded by whole path segments. */
function scrubPattern(all: readonly Spelling[]): RegExp {
  // A path right after a placeholder is below it (`<rootDir>/home/x`), not a root of its own; after `<` it is
  // a closing tag (`</root>` is not the home `/root`).
  const notAfter = [...new Set(all.map((s) => s.placeholder))].map((p) => `(?<!${escapeRegExp(p)})`).join("");
  const alternatives = all.map((s) =>
    s.dashed
      ? // `-home-alice-app` inside `/.claude/projects/-home-alice-app-sub/`: bounded by `/`, or a `-` after it.
        `(?<=/)${escapeRegExp(s.text)}(?=[/-]|$|[^A-Za-z0-9])`
      : `(?<!${NAME_CHAR}|[.<])${notAfter}${escapeRegExp(s.text)}(?!${NAME_CHAR}|\\.${NAME_CHAR})`,
  );
  return new RegExp(alternatives.join("|"), "g");
}

/** `text` with every whole-path occurrence of a root (or a path below it) written as its placeholder. */
export function scrubPaths(text: string, roots: readonly PathRoot[]): string {
  if (roots.length === 0) return text;
  const all = spellings(roots);
  const byText = new Map(all.map((s) => [s.text, s.placeholder]));
  return text.replace(scrubPattern(all), (m) => byText.get(m) ?? m);
}

/**
 * The inverse on this machine's roots: what a stored snapshot says in this checkout's real bytes (to count the
 * tokens a change costs here).
 */
export function restorePaths(text: string, roots: readonly PathRoot[]): string {
  let out = text;
  for (const r of roots) {
    const placeholder = PATH_PLACEHOLDERS[r.name];
    out = out.split(placeholder).join(r.path).split(dashedPlaceholder(placeholder)).join(dashedPath(r.path));
  }
  return out;
}

/** A JSON value with `edit` applied to every string in it, keys included (paths are scrubbed before escaping). */
export function mapJsonStrings(value: unknown, edit: (text: string) => string): unknown {
  if (typeof value === "string") return edit(value);
  if (Array.isArray(value)) return value.map((v) => mapJsonStrings(v, edit));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [edit(k), mapJsonStrings(v, edit)]));
  return value;
}
