// A fast path for the common SKILL.md frontmatter: `key: value` lines whose values are plain one-line strings.
// Pure. Anything else returns undefined and goes to the `yaml` package, whose answer this must always equal.
//
// Why: parsing 300 such blocks with `yaml` costs ~25 ms of a cold `promptc preview` (a tenth of it).
// What is accepted, and why each rule keeps the result identical to `yaml.parse`:
// - every line is `key: value` (or empty): key starts with an ASCII letter, then letters, digits, `_`, `-`;
//   no indentation, so no nesting, no sequences, no `? ` complex keys, no `...` / `%` directives;
// - keys are unique (the yaml package would keep the last; we simply do not decide such files);
// - the value starts with an ASCII letter (not an indicator: `-?:,[]{}#&*!|>'"%@\``, not a number, and so not
//   a tag, anchor, alias, quote, block scalar or flow collection), is not a core-schema null/bool word, has
//   no `: ` or ` #` inside and no `:` at the end (those would be a nested key or a comment), no tab and no
//   trailing space (a plain scalar drops trailing blanks), and only printable characters outside the
//   line-break and BOM ranges — so the plain scalar is exactly the text after `: `.

/** `name: value` with the value's first character an ASCII letter. */
const LINE = /^([A-Za-z][A-Za-z0-9_-]{0,63}): ([A-Za-z].*)$/;
/**
 * Printable, YAML-safe characters: space to `~`, U+00A0–U+D7FF except U+2028/U+2029 (line separators in some
 * readers), U+E000–U+FFFD except U+FEFF (BOM), and astral characters as well-formed pairs.
 */
const SAFE_VALUE = /^[\x20-\x7E\u00A0-\u2027\u202A-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD\u{10000}-\u{10FFFF}]+$/u;
/** Core-schema words that resolve to null or booleans (and YAML 1.1's, to stay clear of them too). */
const RESERVED_WORDS = /^(?:null|true|false|yes|no|on|off|y|n)$/i;

/** Keys the fast path must not decide: their value has to be a mapping (see parseSkillMd). */
const NESTED_KEYS: ReadonlySet<string> = new Set(["metadata"]);

/**
 * The frontmatter as a string table when every line is a simple `key: value`; undefined for anything the
 * `yaml` package must parse. The result equals `yaml.parse(block)` whenever it is defined.
 */
export function parseSimpleFrontmatter(block: string): Record<string, string> | undefined {
  const table: Record<string, string> = Object.create(null) as Record<string, string>;
  let keys = 0;
  for (const line of block.split("\n")) {
    if (line === "") continue;
    const m = LINE.exec(line);
    if (m === null) return undefined;
    const key = m[1] as string;
    const value = m[2] as string;
    if (NESTED_KEYS.has(key) || Object.hasOwn(table, key)) return undefined;
    if (value.endsWith(" ") || value.endsWith(":") || value.includes(": ") || value.includes(" #")) return undefined;
    if (RESERVED_WORDS.test(value) || !SAFE_VALUE.test(value)) return undefined;
    table[key] = value;
    keys++;
  }
  return keys === 0 ? undefined : table;
}
