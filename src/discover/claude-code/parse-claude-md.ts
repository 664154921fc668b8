// Claude Code's reading of one memory file (CLAUDE.md, CLAUDE.local.md, .claude/rules/*.md, an import): what
// reaches the request and which `@path` imports it names. Pure.
//
// Observed with Claude Code 2.1.332 in loopback captures (not committed; test/conformance re-captures them):
// - a leading `---` frontmatter block is dropped, then comment blocks (stripClaudeMdComments), then the text is
//   trimmed at both ends (inner CRLF kept); a file left empty is not sent at all;
// - `@path` counts after the start of a line or whitespace, outside fenced code blocks and inline code; the path
//   runs to the next whitespace (`\ ` escapes a space), a `#fragment` is cut off; `./`, `~/`, `/…` and bare
//   relative names (`notes.txt`, `noext`, `foo@bar.md`) are imports, `@#anchor` is not.

export interface ClaudeMdImport {
  /** The path as written (after `@`, fragment removed, `\ ` unescaped). */
  raw: string;
  /** 1-based line of the `@`. */
  line: number;
}

export interface ParsedClaudeMd {
  /** The text as Claude Code sends it. */
  content: string;
  imports: ClaudeMdImport[];
  /** Frontmatter of a rules file (`paths:` makes it conditional: not loaded at start). */
  frontmatter?: string;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;
const IMPORT = /(?:^|\s)@((?:[^\s\\]|\\ )+)/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Splits a leading frontmatter block off (`---` … `---`). */
export function splitFrontmatter(text: string): { frontmatter?: string; body: string } {
  const m = FRONTMATTER.exec(text);
  if (!m) return { body: text };
  return { frontmatter: m[1] as string, body: text.slice(m[0].length) };
}

/** Whether a rules file's frontmatter scopes it to paths (then it loads only when such a file is read). */
export function isConditionalRule(frontmatter: string | undefined): boolean {
  return frontmatter !== undefined && /^paths\s*:/m.test(frontmatter);
}

/** Blanks inline code spans (`…`) so `@` inside them is not seen; keeps offsets. */
function blankInlineCode(line: string): string {
  return line.replace(/(`+)([\s\S]*?)\1/g, (whole) => " ".repeat(whole.length));
}

function isImportPath(path: string): boolean {
  if (path.startsWith("./") || path.startsWith("~/")) return true;
  if (path.startsWith("/")) return path !== "/";
  return !path.startsWith("@") && /^[A-Za-z0-9._-]/.test(path);
}

/** `@path` imports outside code, in order of appearance. */
export function findClaudeMdImports(text: string): ClaudeMdImport[] {
  const out: ClaudeMdImport[] = [];
  let fence: string | undefined;
  text.split("\n").forEach((rawLine, index) => {
    const line = rawLine.replace(/\r$/, "");
    const f = FENCE.exec(line);
    if (fence !== undefined) {
      if (f && (f[1] as string)[0] === fence[0] && (f[1] as string).length >= fence.length && line.trim() === f[1])
        fence = undefined;
      return;
    }
    if (f) {
      fence = f[1] as string;
      return;
    }
    for (const m of blankInlineCode(line).matchAll(IMPORT)) {
      let path = m[1] as string;
      const hash = path.indexOf("#");
      if (hash !== -1) path = path.slice(0, hash);
      path = path.replace(/\\ /g, " ");
      if (path !== "" && isImportPath(path)) out.push({ raw: path, line: index + 1 });
    }
  });
  return out;
}

/**
 * Drops the comment blocks Claude Code drops. A block opens with `<!--` at a line's start (outside fenced code)
 * and runs to the end of the line holding the next `-->`, with the line breaks after it; its comments are cut
 * out, and the block goes entirely when nothing but blanks is left (else the rest stays). An indented, inline
 * or never-closed comment stays as written (measured with 2.1.332).
 */
export function stripClaudeMdComments(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, "");
    const f = FENCE.exec(line);
    if (fence !== undefined) {
      if (f && (f[1] as string)[0] === fence[0] && (f[1] as string).length >= fence.length && line.trim() === f[1])
        fence = undefined;
      out.push(lines[i] as string);
      continue;
    }
    if (f) fence = f[1] as string;
    else if (line.startsWith("<!--")) {
      let end = i;
      while (end < lines.length && !(lines[end] as string).slice(end === i ? 4 : 0).includes("-->")) end++;
      if (end < lines.length) {
        let after = end;
        while (after + 1 < lines.length && lines[after + 1] === "") after++;
        const block = lines.slice(i, end + 1).join("\n");
        const rest = block.replace(/<!--[\s\S]*?-->/g, "");
        if (rest.trim() !== "") out.push(...rest.split("\n"), ...lines.slice(end + 1, after + 1));
        i = after;
        continue;
      }
    }
    out.push(lines[i] as string);
  }
  return out.join("\n");
}

/** What Claude Code sends for a file's text, and the imports it follows. */
export function parseClaudeMd(text: string, _options: { rulesFile?: boolean } = {}): ParsedClaudeMd {
  const body0 = text.replace(/^\uFEFF/, "");
  // Observed: a leading frontmatter block is dropped from every memory file, CLAUDE.md included.
  const split = splitFrontmatter(body0);
  const body = stripClaudeMdComments(split.body);
  const out: ParsedClaudeMd = { content: body.trim(), imports: findClaudeMdImports(body) };
  if (split.frontmatter !== undefined) out.frontmatter = split.frontmatter;
  return out;
}
