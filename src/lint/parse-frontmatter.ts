// YAML frontmatter of Markdown files (SKILL.md, .mdc): where it is, what it holds, and what went wrong. Pure.
// Uses `yaml` directly for positions, duplicate-key errors and an alias-expansion cap (README: why not gray-matter);
// a block of plain `key: value` lines, most SKILL.md frontmatter, is read without it (the same answer).
import { isMap, isScalar, parseDocument, type Node as YamlNode } from "yaml";
import type { TextIndex } from "./text-index.js";
import { parseSimpleFrontmatter } from "../model/parse-simple-frontmatter.js";

/** Alias expansion cap: a "billion laughs" block becomes a parse error instead of eating memory. */
export const FRONTMATTER_MAX_ALIAS_COUNT = 100;

export interface FrontmatterError {
  message: string;
  line: number;
  column: number;
}

export interface FrontmatterKey {
  key: string;
  /** Place of the key and of its value (1-based). */
  line: number;
  column: number;
  valueLine: number;
  valueColumn: number;
  /** Offsets of the whole `key: value` pair in the file text, for fixes. */
  start: number;
  end: number;
  valueStart: number;
  valueEnd: number;
  /** True when the value is a quoted scalar. */
  quoted: boolean;
}

export interface Frontmatter {
  /** First line is `---`. */
  present: boolean;
  /** A closing `---` line exists. */
  closed: boolean;
  /** Parsed mapping (undefined when absent, unparseable or not a mapping). */
  data: { [key: string]: unknown } | undefined;
  errors: FrontmatterError[];
  keys: FrontmatterKey[];
  /** 1-based line where the body starts (1 when there is no frontmatter). */
  bodyLine: number;
  /** Offset in the file text where the body starts. */
  bodyOffset: number;
}

const FENCE = /^---\s*$/;

/** `options.yaml`: always through the `yaml` package (tests compare the plain-block shortcut with it). */
export function parseFrontmatter(text: string, index: TextIndex, options: { yaml?: boolean } = {}): Frontmatter {
  const none: Frontmatter = {
    present: false,
    closed: false,
    data: undefined,
    errors: [],
    keys: [],
    bodyLine: 1,
    bodyOffset: 0,
  };
  const first = (index.lines[0] ?? "").replace(/^\uFEFF/, "");
  if (!FENCE.test(first)) return none;
  let close = -1;
  for (let i = 1; i < index.lines.length; i++) {
    if (FENCE.test(index.lines[i] as string)) {
      close = i;
      break;
    }
  }
  if (close < 0) return { ...none, present: true };
  const yamlStart = index.lineStarts[1] ?? text.length;
  const yamlEnd = index.lineStarts[close] as number;
  const source = text.slice(yamlStart, yamlEnd);
  const bodyOffset = index.lineStarts[close + 1] ?? text.length;
  const result: Frontmatter = {
    present: true,
    closed: true,
    data: undefined,
    errors: [],
    keys: [],
    bodyLine: close + 2,
    bodyOffset,
  };
  const at = (offset: number): { line: number; column: number } => index.placeAt(yamlStart + offset);
  if (options.yaml !== true && plainKeys(source, yamlStart, at, result)) return result;
  const doc = parseDocument(source, { uniqueKeys: true, prettyErrors: false, strict: true });
  for (const err of doc.errors) {
    result.errors.push({ message: err.message.split("\n")[0] as string, ...at(err.pos[0]) });
  }
  if (result.errors.length > 0) return result;
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: FRONTMATTER_MAX_ALIAS_COUNT });
  } catch (err) {
    result.errors.push({ message: err instanceof Error ? err.message : String(err), line: 2, column: 1 });
    return result;
  }
  if (value === null || value === undefined) {
    result.data = {};
    return result;
  }
  if (typeof value !== "object" || Array.isArray(value) || !isMap(doc.contents)) {
    result.errors.push({ message: "frontmatter is not a mapping of keys to values", line: 2, column: 1 });
    return result;
  }
  result.data = value as { [key: string]: unknown };
  for (const pair of doc.contents.items) {
    const keyNode = pair.key as YamlNode | null;
    if (!keyNode || !isScalar(keyNode) || !keyNode.range) continue;
    const valueNode = pair.value as YamlNode | null;
    const keyStart = keyNode.range[0];
    const valueRange = valueNode?.range ?? [keyNode.range[1], keyNode.range[1], keyNode.range[1]];
    const k = at(keyStart);
    const v = at(valueRange[0]);
    result.keys.push({
      key: String(keyNode.value),
      line: k.line,
      column: k.column,
      valueLine: v.line,
      valueColumn: v.column,
      start: yamlStart + keyStart,
      end: yamlStart + valueRange[1],
      valueStart: yamlStart + valueRange[0],
      valueEnd: yamlStart + valueRange[1],
      quoted: isScalar(valueNode) && (valueNode.type === "QUOTE_DOUBLE" || valueNode.type === "QUOTE_SINGLE"),
    });
  }
  return result;
}

/**
 * Fills `result` from a block of plain one-line `key: value` pairs (the common SKILL.md frontmatter) without the
 * `yaml` package, with the data and places its parse gives (parseSimpleFrontmatter's answer equals it); false for
 * any other block, nested mappings included.
 */
function plainKeys(
  source: string,
  yamlStart: number,
  at: (offset: number) => { line: number; column: number },
  result: Frontmatter,
): boolean {
  const table = parseSimpleFrontmatter(source);
  if (table === undefined || Object.values(table).some((v) => typeof v !== "string")) return false;
  const data: { [key: string]: unknown } = {};
  let offset = 0;
  for (const line of source.split("\n")) {
    const colon = line.indexOf(": ");
    if (colon > 0) {
      const key = line.slice(0, colon);
      const valueStart = offset + colon + 2;
      const valueEnd = offset + line.length;
      data[key] = line.slice(colon + 2);
      const k = at(offset);
      const v = at(valueStart);
      result.keys.push({
        key,
        line: k.line,
        column: k.column,
        valueLine: v.line,
        valueColumn: v.column,
        start: yamlStart + offset,
        end: yamlStart + valueEnd,
        valueStart: yamlStart + valueStart,
        valueEnd: yamlStart + valueEnd,
        quoted: false,
      });
    }
    offset += line.length + 1;
  }
  result.data = data;
  return true;
}
