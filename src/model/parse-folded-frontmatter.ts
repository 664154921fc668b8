// parseSimpleFrontmatter for frontmatter whose plain values go on over two-space-indented lines, as Gemini CLI's
// own skills write their descriptions (`description:` then the text on the lines below). Pure. Its answer
// equals `yaml.parse(block)` whenever it is defined: each such line is folded into its key's line with one space,
// as yaml folds a plain scalar, and parseSimpleFrontmatter judges the folded line.
//
// Why the fold cannot change yaml's answer: a continuation is two spaces, then an ASCII letter (so no deeper
// indent, no indicator, no comment), with no trailing space (yaml drops it), no `: ` and no `:` at the end (that
// is a nested key, left as it is), and it follows a top-level line without a trailing space (yaml drops that
// too) or another continuation directly (after an empty line it would start a new line of the value). A ` #` or `: ` the folded line holds is declined there.

import { parseSimpleFrontmatter, type SimpleFrontmatter } from "./parse-simple-frontmatter.js";

const CONTINUATION = /^ {2}[A-Za-z]/;

function isContinuation(line: string): boolean {
  return CONTINUATION.test(line) && !line.endsWith(" ") && !line.endsWith(":") && !line.includes(": ");
}

/** parseSimpleFrontmatter's table, continuation lines folded first; undefined for anything `yaml` must parse. */
export function parseFoldedFrontmatter(block: string): SimpleFrontmatter | undefined {
  if (!block.includes("\n  ")) return parseSimpleFrontmatter(block);
  const lines: string[] = [];
  // The top-level line the next continuation folds into (-1: none, after an empty or an indented line).
  let target = -1;
  for (const line of block.split("\n")) {
    if (target >= 0 && isContinuation(line)) {
      lines[target] += ` ${line.slice(2)}`;
      continue;
    }
    target = line !== "" && line[0] !== " " && !line.endsWith(" ") ? lines.length : -1;
    lines.push(line);
  }
  return parseSimpleFrontmatter(lines.join("\n"));
}
