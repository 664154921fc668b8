// Codex 0.171.0's second try at SKILL.md frontmatter that is not valid YAML: every `key: value` line (at any
// indentation) has its value taken as a plain string — cut at a ` #`/`\t#` comment, trimmed, then quoted — and
// the block is parsed again. Values that begin with a quote, a block-scalar indicator (`|`, `>`) or an anchor
// (`&`) are left as they are (so such a block still fails). Measured with `codex debug prompt-input` on 40
// frontmatter probes (unquoted `: ` in a description or name, `[`, `{`, `*`, `!`, `%`, `@`, `-`, digits,
// comments, tabs, nested `metadata:` lines); not read from Codex's source. Pure.

/** `indent key: value`; the key has no `:` and does not start with a quote, `#`, `-` or blank. */
const KEY_VALUE = /^([ \t]*)([^\s#'"\-:][^:]*?):[ \t]+(.*)$/;
/** Values Codex leaves unquoted. */
const LEFT_AS_IS = /^["'|>&]/;

/** Cuts a YAML comment (`#` after a blank) and trims. */
function plainValue(value: string): string {
  const m = /[ \t]#/.exec(value);
  return (m ? value.slice(0, m.index) : value).trim();
}

/** The block with each eligible value double-quoted; undefined when no line changed. */
export function quoteFrontmatterValues(block: string): string | undefined {
  let changed = false;
  const lines = block.split("\n").map((line) => {
    const m = KEY_VALUE.exec(line);
    if (m === null) return line;
    const value = plainValue(m[3] as string);
    if (value === "" || LEFT_AS_IS.test(value)) return line;
    changed = true;
    return `${m[1] as string}${m[2] as string}: ${JSON.stringify(value)}`;
  });
  return changed ? lines.join("\n") : undefined;
}
