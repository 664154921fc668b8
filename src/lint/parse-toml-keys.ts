// TOML for lint: parse with smol-toml, and find where each key is written (smol-toml gives no positions). Pure.
import { parse, TomlError } from "smol-toml";

export interface TomlKeyPlace {
  /** Dotted path, e.g. `sandbox_workspace_write.writable_roots` or `profiles.fast.model`. */
  path: string;
  key: string;
  line: number;
  column: number;
  /** Offsets of the whole line (with its newline) for fixes that remove it. */
  lineStart: number;
  lineEnd: number;
}

export type ParsedToml =
  | { ok: true; data: Record<string, unknown>; keys: TomlKeyPlace[] }
  | { ok: false; message: string; line: number; column: number };

const TABLE = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/;
const KEY = /^(\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_.\- "']+?)\s*=/;

function unquote(k: string): string {
  return k.trim().replace(/^"(.*)"$|^'(.*)'$/, (_, a: string | undefined, b: string | undefined) => a ?? b ?? "");
}

export function parseTomlKeys(text: string): ParsedToml {
  let data: Record<string, unknown>;
  try {
    data = parse(text) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof TomlError)
      return { ok: false, message: err.message.split("\n")[0] ?? "invalid TOML", line: err.line, column: err.column };
    return { ok: false, message: err instanceof Error ? err.message : String(err), line: 1, column: 1 };
  }
  const keys: TomlKeyPlace[] = [];
  let table = "";
  let offset = 0;
  let inMultiline: string | undefined;
  for (const [i, raw] of text.split("\n").entries()) {
    const lineStart = offset;
    offset += raw.length + 1;
    const line = raw.replace(/\r$/, "");
    if (inMultiline) {
      if (line.includes(inMultiline)) inMultiline = undefined;
      continue;
    }
    const t = TABLE.exec(line);
    if (t) {
      table = (t[1] as string).split(".").map(unquote).join(".");
      continue;
    }
    const k = KEY.exec(line);
    if (!k) continue;
    const key = (k[2] as string).split(".").map(unquote).join(".");
    const path = table ? `${table}.${key}` : key;
    keys.push({
      path,
      key,
      line: i + 1,
      column: (k[1] as string).length + 1,
      lineStart,
      lineEnd: Math.min(offset, text.length),
    });
    const rest = line.slice(k[0].length);
    for (const q of ['"""', "'''"]) {
      const at = rest.indexOf(q);
      if (at >= 0 && rest.indexOf(q, at + 3) < 0) inMultiline = q;
    }
  }
  return { ok: true, data, keys };
}
