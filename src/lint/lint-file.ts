// A file under lint: its path, kind, decoded text and lazily parsed views (lines, frontmatter, Markdown,
// template). Pure.
import { parseFrontmatter, type Frontmatter } from "./parse-frontmatter.js";
import { parseMarkdown, type Markdown } from "./parse-markdown.js";
import { parseTemplate, type ParsedTemplate } from "./parse-template.js";
import { buildTextIndex, type TextIndex } from "./text-index.js";

/** Which files a rule looks at (see classifyLintPath for how a path gets its kind). */
export type LintFileKind = "skill" | "context" | "cursor-rule" | "codex-config" | "exec-policy" | "template";

/** How reading went; the `file/*` rules turn these into findings. */
export interface ReadStatus {
  /** Host error code when the file could not be read at all. */
  error?: string;
  invalidUtf8?: boolean;
  binary?: boolean;
  /** Whole-file size in bytes when it was over the read limit (only a prefix was read). */
  tooLargeBytes?: number;
  /** Project-relative path of the real file when this path is (or passes through) a symlink. */
  realPath?: string;
}

export interface LintFile {
  /** Project-relative, `/`-separated. */
  path: string;
  kind: LintFileKind;
  text: string;
  status: ReadStatus;
  readonly index: TextIndex;
  readonly frontmatter: Frontmatter;
  /** Markdown view of the body (after frontmatter). */
  readonly markdown: Markdown;
  /** The text parsed as a Handlebars template (what the `prompt/*` rules read). */
  readonly template: ParsedTemplate;
}

const CONTEXT_NAMES = new Set(["AGENTS.md", "AGENTS.override.md", "CLAUDE.md", "CLAUDE.local.md", "GEMINI.md"]);

/** Rule files of other agents (Cline, Roo Code, Continue, Windsurf, Cursor commands): Markdown instructions. */
const OTHER_AGENT_RULES: readonly RegExp[] = [
  /(^|\/)\.clinerules$/,
  /(^|\/)\.clinerules\/(?!workflows\/|hooks\/).+\.md$/,
  /(^|\/)\.roo\/rules(-[^/]+)?\/.+\.md$/,
  /(^|\/)\.continue\/rules\/.+\.md$/,
  /(^|\/)\.windsurf\/rules\/.+\.md$/,
  /(^|\/)\.windsurfrules$/,
  /(^|\/)\.cursor\/commands\/.+\.md$/,
];

/** The kind of a path, or undefined when lint has no rules for it. */
export function classifyLintPath(path: string): LintFileKind | undefined {
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (base === "SKILL.md") return "skill";
  if (CONTEXT_NAMES.has(base)) return "context";
  if (path === ".github/copilot-instructions.md" || path.endsWith("/.github/copilot-instructions.md")) return "context";
  if (/(^|\/)\.github\/instructions\/.+\.instructions\.md$/.test(path)) return "context";
  if (/(^|\/)\.cursor\/rules\/.+\.mdc$/.test(path) || base === ".cursorrules") return "cursor-rule";
  if (/(^|\/)\.agents\/rules\/.+\.mdc$/.test(path)) return "cursor-rule";
  if (OTHER_AGENT_RULES.some((re) => re.test(path))) return "context";
  if (base === "config.toml" && /(^|\/)\.codex\//.test(path)) return "codex-config";
  if (base.endsWith(".rules") && /(^|\/)\.codex\/rules\//.test(path)) return "exec-policy";
  if (base.endsWith(".hbs") || base.endsWith(".handlebars")) return "template";
  return undefined;
}

export function createLintFile(path: string, kind: LintFileKind, text: string, status: ReadStatus = {}): LintFile {
  let index: TextIndex | undefined;
  let frontmatter: Frontmatter | undefined;
  let markdown: Markdown | undefined;
  let template: ParsedTemplate | undefined;
  const usesFrontmatter = kind === "skill" || kind === "cursor-rule" || kind === "context" || kind === "template";
  const file: LintFile = {
    path,
    kind,
    text,
    status,
    get index() {
      return (index ??= buildTextIndex(text));
    },
    get frontmatter() {
      return (frontmatter ??= usesFrontmatter
        ? parseFrontmatter(text, file.index)
        : { present: false, closed: false, data: undefined, errors: [], keys: [], bodyLine: 1, bodyOffset: 0 });
    },
    get markdown() {
      return (markdown ??= parseMarkdown(text, file.index, file.frontmatter.closed ? file.frontmatter.bodyLine : 1));
    },
    get template() {
      return (template ??= parseTemplate(text));
    },
  };
  return file;
}

/** Directory part of a project-relative path ("" for the root). */
export function dirOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

/** Joins and normalises `a/b/../c`; returns undefined when the path climbs above the root. */
export function joinPath(dir: string, rel: string): string | undefined {
  const out: string[] = dir === "" ? [] : dir.split("/");
  for (const part of rel.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join("/");
}
