// A small line-based Markdown scan: fenced blocks, headings, inline links, HTML comments and code spans,
// enough for lint rules to find places without a full CommonMark parser. Pure.
import type { TextIndex } from "./text-index.js";

export interface Fence {
  /** 1-based line of the opening fence. */
  startLine: number;
  /** 1-based line of the closing fence, or undefined when the fence never closes. */
  endLine: number | undefined;
  marker: string;
  info: string;
}

export interface MdLink {
  text: string;
  target: string;
  line: number;
  /** Column of the target's first character. */
  column: number;
  /** True for `![alt](src)`. */
  image: boolean;
}

export interface MdComment {
  body: string;
  line: number;
  column: number;
  start: number;
  end: number;
}

export interface MdHeading {
  level: number;
  text: string;
  line: number;
}

export interface Markdown {
  fences: Fence[];
  /** inCode[i] is true when 1-based line i+1 is inside (or is the delimiter of) a fenced block. */
  inCode: boolean[];
  headings: MdHeading[];
  links: MdLink[];
  comments: MdComment[];
  /** Per line, [start, end) column ranges (0-based) of inline code spans. */
  codeSpans: [number, number][][];
}

const FENCE_OPEN = /^( *)(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const LINK = /(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

export function parseMarkdown(text: string, index: TextIndex, firstLine = 1): Markdown {
  const lines = index.lines;
  const inCode = lines.map(() => false);
  const fences: Fence[] = [];
  let open: Fence | undefined;
  let openIndent = 0;
  // Inside a list item a fence may be indented as far as the item's content (`    - step:` then `      ```sh`).
  let inList = false;
  for (let i = firstLine - 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (open) {
      inCode[i] = true;
      const m = /^( *)(`{3,}|~{3,})\s*$/.exec(line);
      const closes = m && (m[1] as string).length <= Math.max(3, openIndent + 3);
      if (closes && (m[2] as string)[0] === open.marker[0] && (m[2] as string).length >= open.marker.length) {
        open.endLine = i + 1;
        open = undefined;
      }
      continue;
    }
    const m = FENCE_OPEN.exec(line);
    const indent = m ? (m[1] as string).length : 0;
    if (m && (indent <= 3 || inList) && !((m[2] as string)[0] === "`" && (m[3] as string).includes("`"))) {
      open = { startLine: i + 1, endLine: undefined, marker: m[2] as string, info: (m[3] as string).trim() };
      openIndent = indent;
      fences.push(open);
      inCode[i] = true;
      continue;
    }
    if (LIST_ITEM.test(line)) inList = true;
    else if (/^\S/.test(line)) inList = false;
  }
  const codeSpans = lines.map((line, i) => (inCode[i] || i < firstLine - 1 ? [] : findCodeSpans(line)));
  const headings: MdHeading[] = [];
  const links: MdLink[] = [];
  for (let i = firstLine - 1; i < lines.length; i++) {
    if (inCode[i]) continue;
    const line = lines[i] as string;
    const h = HEADING.exec(line);
    if (h) headings.push({ level: (h[1] as string).length, text: h[2] as string, line: i + 1 });
    const spans = codeSpans[i] as [number, number][];
    for (const m of line.matchAll(LINK)) {
      const at = m.index;
      if (spans.some(([s, e]) => at >= s && at < e)) continue;
      const target = m[3] as string;
      links.push({
        text: m[2] as string,
        target,
        line: i + 1,
        column: line.indexOf(target, at + (m[2] as string).length) + 1,
        image: m[1] === "!",
      });
    }
  }
  const comments: MdComment[] = [];
  const bodyStart = index.lineStarts[firstLine - 1] ?? text.length;
  const commentRe = /<!--([\s\S]*?)-->/g;
  commentRe.lastIndex = bodyStart;
  for (let m = commentRe.exec(text); m; m = commentRe.exec(text)) {
    const place = index.placeAt(m.index);
    if (inCode[place.line - 1]) continue;
    comments.push({ body: m[1] as string, ...place, start: m.index, end: m.index + m[0].length });
  }
  return { fences, inCode, headings, links, comments, codeSpans };
}

/** Backtick code spans on one line (a run of N backticks closes at the next run of exactly N). */
export function findCodeSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] !== "`") {
      i++;
      continue;
    }
    let n = 0;
    while (line[i + n] === "`") n++;
    const ticks = "`".repeat(n);
    let j = line.indexOf(ticks, i + n);
    while (j >= 0 && line[j + n] === "`") j = line.indexOf(ticks, j + n + 1);
    if (j < 0) {
      i += n;
      continue;
    }
    spans.push([i, j + n]);
    i = j + n;
  }
  return spans;
}

/** True when column (0-based) of 1-based `line` falls in code (fenced block or inline span). */
export function isInCode(md: Markdown, line: number, column0: number): boolean {
  if (md.inCode[line - 1]) return true;
  return (md.codeSpans[line - 1] ?? []).some(([s, e]) => column0 >= s && column0 < e);
}
