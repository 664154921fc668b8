// A fast path for the common SKILL.md frontmatter: `key: value` lines whose values are plain one-line strings.
// Pure. Anything else returns undefined and goes to the `yaml` package, whose answer this must always equal.
//
// Why: parsing 300 such blocks with `yaml` costs ~25 ms of a cold `promptc preview` (a tenth of it).
// What is accepted, and why each rule keeps the result identical to `yaml.parse`:
// - every line is `key: value`, `key:` followed by `  key: value` lines (one level of nesting, two spaces),
//   or empty: keys start with an ASCII letter, then letters, digits, `_`, `-`; so no sequences, no `? `
//   complex keys, no `...` / `%` directives, no other indentation; a key is not a null/bool word either
//   (`yaml` reads `TRUE:` as the key "true" and `Null:` as "");
// - keys are unique per mapping (the yaml package would keep the last; we do not decide such files), and a
//   `key:` has at least one nested line (alone it would be null);
// - the value starts with an ASCII letter (not an indicator: `-?:,[]{}#&*!|>'"%@\``, not a number, and so not
//   a tag, anchor, alias, quote, block scalar or flow collection), is not a core-schema null/bool word, has
//   no `: ` or ` #` inside and no `:` at the end (those would be a nested key or a comment), no tab and no
//   trailing space (a plain scalar drops trailing blanks), and only printable characters outside the
//   line-break and BOM ranges — so the plain scalar is exactly the text after `: `.

/** `name: value` with the value's first character an ASCII letter; nested (two-space) or not. */
const LINE = /^(  )?([A-Za-z][A-Za-z0-9_-]{0,63}): ([A-Za-z].*)$/;
/** `name:` alone: opens a nested mapping of two-space-indented lines. */
const OPEN_LINE = /^([A-Za-z][A-Za-z0-9_-]{0,63}):$/;
/**
 * Printable, YAML-safe characters: space to `~`, U+00A0–U+D7FF except U+2028/U+2029 (line separators in some
 * readers), U+E000–U+FFFD except U+FEFF (BOM), and astral characters as well-formed pairs.
 */
const SAFE_VALUE = /^[\x20-\x7E\u00A0-\u2027\u202A-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD\u{10000}-\u{10FFFF}]+$/u;
/** Core-schema words that resolve to null or booleans (and YAML 1.1's, to stay clear of them too). */
const RESERVED_WORDS = /^(?:null|true|false|yes|no|on|off|y|n)$/i;

export type SimpleFrontmatter = Record<string, string | Record<string, string>>;

function isPlainValue(value: string): boolean {
  if (value.endsWith(" ") || value.endsWith(":") || value.includes(": ") || value.includes(" #")) return false;
  return !RESERVED_WORDS.test(value) && SAFE_VALUE.test(value);
}

/**
 * The frontmatter as a table of strings (and one level of nested string tables, like `metadata:`) when every
 * line is a simple `key: value`, `key:` or two-space-indented `key: value`; undefined for anything the `yaml`
 * package must parse. The result equals `yaml.parse(block)` whenever it is defined.
 */
export function parseSimpleFrontmatter(block: string): SimpleFrontmatter | undefined {
  const table: SimpleFrontmatter = Object.create(null) as SimpleFrontmatter;
  // The nested mapping being filled, if the last key line was `key:`; it must get at least one entry.
  let nested: Record<string, string> | undefined;
  let nestedEntries = 0;
  let keys = 0;
  for (const line of block.split("\n")) {
    if (line === "") continue;
    const open = OPEN_LINE.exec(line);
    if (open !== null) {
      const key = open[1] as string;
      if (RESERVED_WORDS.test(key)) return undefined;
      if ((nested !== undefined && nestedEntries === 0) || Object.hasOwn(table, key)) return undefined;
      nested = Object.create(null) as Record<string, string>;
      nestedEntries = 0;
      table[key] = nested;
      keys++;
      continue;
    }
    const m = LINE.exec(line);
    if (m === null) return undefined;
    const key = m[2] as string;
    const value = m[3] as string;
    if (RESERVED_WORDS.test(key) || !isPlainValue(value)) return undefined;
    if (m[1] !== undefined) {
      if (nested === undefined || Object.hasOwn(nested, key)) return undefined;
      nested[key] = value;
      nestedEntries++;
      continue;
    }
    if ((nested !== undefined && nestedEntries === 0) || Object.hasOwn(table, key)) return undefined;
    nested = undefined;
    table[key] = value;
    keys++;
  }
  if (nested !== undefined && nestedEntries === 0) return undefined;
  return keys === 0 ? undefined : table;
}
