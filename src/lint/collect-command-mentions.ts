// Shell commands an instruction file shows: segments of shell code blocks and code spans (split at &&, ||, ;
// and |), each with the folder an earlier `cd` in the same block or span moved to. Prose is never read as a
// command ("make sure" is English). Pure.
import type { LintFile } from "./lint-file.js";

export interface CommandMention {
  /** 1-based line and column of the command's first character. */
  line: number;
  column: number;
  /** The command segment, e.g. `pnpm --filter web run build`. */
  text: string;
  words: string[];
  /** Folder from a preceding `cd dir` in the same block or span (as written, relative). */
  cwd?: string;
  /** A scaffold step (`npx create-x my-app`, `npm create x`) came first in the same block: this runs in what it made. */
  afterScaffold?: true;
}

/**
 * A line that says a command is not needed, does not exist or must not be run ("no `npm install` needed",
 * "`make x` was removed"): its commands are no instruction.
 */
const NEGATED_COMMAND_LINE =
  /(?<![-\w])(no|not|never|don't|do not|doesn't|does not|needn't|need not|without|unnecessary|avoid|instead of|wrong|deprecated|removed|legacy|obsolete)(?![-\w])/i;
/** A part of each negating word, lower-cased (the regex's `i` folds ASCII letters only, as toLowerCase does for them). */
const NEGATING_PARTS = [
  "no",
  "never",
  "n't",
  "without",
  "unnecessary",
  "avoid",
  "instead",
  "wrong",
  "deprecated",
  "removed",
  "legacy",
  "obsolete",
];

/** NEGATED_COMMAND_LINE's answer; a line with no negating word is not matched, which spares compiling the regex. */
export function isNegatedCommandLine(line: string): boolean {
  const lower = line.toLowerCase();
  return NEGATING_PARTS.some((p) => lower.includes(p)) && NEGATED_COMMAND_LINE.test(line);
}

/** A package that makes a project: `create-x`, `@x/create`, `@x/start`, `x-starter`, `degit`, `giget`. */
const SCAFFOLD_PACKAGE =
  /^(@[\w.-]+\/)?(create(-[\w.-]+)?|[\w.-]+-(create|starter|template|scaffold)|start|init|new|degit|giget|tiged)(@[\w.^~-]+)?$/;

/** Does this command make a new project (the commands after it run inside that project)? */
export function isScaffoldStep(words: readonly string[]): boolean {
  const [a, b, c] = words;
  if (a === "git" && b === "clone") return true;
  if (
    (a === "npm" || a === "pnpm" || a === "yarn" || a === "bun") &&
    (b === "create" || (a === "npm" && b === "init" && c !== undefined && !c.startsWith("-")))
  )
    return true;
  const runner =
    a === "npx" || a === "pnpx" || a === "bunx"
      ? 1
      : (a === "pnpm" || a === "yarn") && b === "dlx"
        ? 2
        : a === "npm" && b === "exec"
          ? 2
          : -1;
  if (runner < 0) return false;
  const pkg = words.slice(runner).find((w) => !w.startsWith("-"));
  return pkg !== undefined && SCAFFOLD_PACKAGE.test(pkg);
}

/** Fence info strings that hold shell commands (an empty info string counts). */
const SHELL_FENCE =
  /^(|sh|bash|shell|zsh|fish|console|terminal|shell-session|shellsession|cmd|bat|powershell|ps|ps1|pwsh|text|txt|plaintext|make)$/i;

function cdTarget(words: readonly string[]): string | undefined {
  return words[0] === "cd" && words[1] !== undefined && !words[1].startsWith("-")
    ? words[1].replace(/^["']|["']$/g, "")
    : undefined;
}

/** Splits one line of shell at its separators; `offset` is the column (0-based) of `text` in its line. */
function segments(text: string, offset: number): { text: string; column: number }[] {
  const out: { text: string; column: number }[] = [];
  const re = /&&|\|\||;|\|/g;
  let start = 0;
  const push = (end: number): void => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (t !== "") out.push({ text: t, column: offset + start + lead });
  };
  for (const m of text.matchAll(re)) {
    push(m.index);
    start = m.index + m[0].length;
  }
  push(text.length);
  return out;
}

/** A prompt or list marker before the command (`$ `, `> `, `- `, `1. `). */
function stripPrompt(s: { text: string; column: number }): { text: string; column: number } {
  const m = /^(?:\$|>|%|PS>|#\s*\$)\s+/.exec(s.text);
  return m ? { text: s.text.slice(m[0].length), column: s.column + m[0].length } : s;
}

// Two rules read every file's mentions; a file's are collected once (again only if its text changed, as --fix does).
const collected = new WeakMap<LintFile, { text: string; mentions: readonly CommandMention[] }>();

export function collectCommandMentions(file: LintFile): readonly CommandMention[] {
  const known = collected.get(file);
  if (known !== undefined && known.text === file.text) return known.mentions;
  const mentions = collectFresh(file);
  collected.set(file, { text: file.text, mentions });
  return mentions;
}

function collectFresh(file: LintFile): CommandMention[] {
  const out: CommandMention[] = [];
  const lines = file.index.lines;
  const md = file.markdown;
  const fenceAt = new Map(md.fences.map((f) => [f.startLine, f]));
  let cwd: string | undefined;
  let scaffolded = false;
  let shellFence = false;
  const emit = (
    line: number,
    segs: { text: string; column: number }[],
    local: { cwd: string | undefined; scaffolded?: boolean },
  ): void => {
    for (const raw of segs) {
      const s = stripPrompt(raw);
      const words = s.text.split(/\s+/).filter(Boolean);
      const cd = cdTarget(words);
      if (cd !== undefined) {
        local.cwd = cd;
        continue;
      }
      if (words.length === 0 || words[0]?.startsWith("#")) continue;
      out.push({
        line,
        column: s.column + 1,
        text: s.text,
        words,
        ...(local.cwd !== undefined ? { cwd: local.cwd } : {}),
        ...(local.scaffolded ? { afterScaffold: true as const } : {}),
      });
      if (isScaffoldStep(words)) local.scaffolded = true;
    }
  };
  const first = file.frontmatter.closed ? file.frontmatter.bodyLine : 1;
  for (let i = first - 1; i < lines.length; i++) {
    const text = lines[i] as string;
    const fence = fenceAt.get(i + 1);
    if (fence) {
      shellFence = SHELL_FENCE.test(fence.info.trim().split(/\s+/)[0] ?? "");
      cwd = undefined;
      scaffolded = false;
      continue;
    }
    if (md.inCode[i]) {
      if (!shellFence || /^\s*(```|~~~)/.test(text)) continue;
      const local: { cwd: string | undefined; scaffolded?: boolean } = { cwd, scaffolded };
      emit(i + 1, segments(text.replace(/\s#\s.*$/, ""), 0), local);
      cwd = local.cwd;
      scaffolded = local.scaffolded === true;
      continue;
    }
    for (const [s, e] of md.codeSpans[i] ?? []) {
      let n = 0;
      while (text[s + n] === "`") n++;
      const inner = text.slice(s + n, e - n);
      emit(i + 1, segments(inner, s + n), { cwd: undefined });
    }
  }
  return out;
}
