// Approved command prefixes as Codex renders them (`format_allow_prefixes`): sorted, capped at 100 entries and
// 5,000 characters, with Codex's truncation marker; each cut becomes a diagnostic with the numbers. Pure.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";

export const MAX_RENDERED_PREFIXES = 100;
/** Codex names it `MAX_ALLOW_PREFIX_TEXT_BYTES` but counts characters (Unicode scalar values). */
export const MAX_ALLOW_PREFIX_TEXT_CHARS = 5000;
export const PREFIXES_TRUNCATED_MARKER = "...\n[Some commands were truncated]";

const encoder = new TextEncoder();

function compareUtf8(a: string, b: string): number {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return x.length - y.length;
}

function totalBytes(prefix: string[]): number {
  return prefix.reduce((sum, t) => sum + encoder.encode(t).length, 0);
}

/** Token count, then total UTF-8 length, then token-wise byte order (Rust `Vec<String>` ordering). */
export function comparePrefixes(a: string[], b: string[]): number {
  if (a.length !== b.length) return a.length - b.length;
  const la = totalBytes(a);
  const lb = totalBytes(b);
  if (la !== lb) return la - lb;
  for (let i = 0; i < a.length; i++) {
    const c = compareUtf8(a[i] ?? "", b[i] ?? "");
    if (c !== 0) return c;
  }
  return 0;
}

/** `- ["git", "pull"]` (tokens as JSON strings, serde-compatible escaping). */
export function renderCommandPrefix(prefix: string[]): string {
  return `- [${prefix.map((t) => JSON.stringify(t)).join(", ")}]`;
}

export interface FormattedPrefixes {
  /** Undefined when there is nothing to render (the section is then omitted). */
  text: string | undefined;
  diagnostics: Diagnostic[];
}

export function formatAllowPrefixes(prefixes: string[][]): FormattedPrefixes {
  const sorted = [...prefixes].sort(comparePrefixes);
  const kept = sorted.slice(0, MAX_RENDERED_PREFIXES);
  const diagnostics: Diagnostic[] = [];
  let text = kept.map(renderCommandPrefix).join("\n");
  let truncated = sorted.length > MAX_RENDERED_PREFIXES;
  if (truncated) {
    diagnostics.push(
      diagnostic(
        "permissions/prefixes-truncated",
        "warning",
        `approved command prefixes: rendered ${MAX_RENDERED_PREFIXES} of ${sorted.length}; Codex renders at most ${MAX_RENDERED_PREFIXES}`,
        { data: { given: sorted.length, kept: MAX_RENDERED_PREFIXES, limit: MAX_RENDERED_PREFIXES } },
      ),
    );
  }
  const chars = Array.from(text);
  if (chars.length > MAX_ALLOW_PREFIX_TEXT_CHARS) {
    text = chars.slice(0, MAX_ALLOW_PREFIX_TEXT_CHARS).join("");
    truncated = true;
    diagnostics.push(
      diagnostic(
        "permissions/prefixes-text-truncated",
        "warning",
        `approved command prefixes: text cut from ${chars.length} to ${MAX_ALLOW_PREFIX_TEXT_CHARS} characters (Codex's cap)`,
        { data: { chars: chars.length, kept: MAX_ALLOW_PREFIX_TEXT_CHARS, limit: MAX_ALLOW_PREFIX_TEXT_CHARS } },
      ),
    );
  }
  if (truncated) text += PREFIXES_TRUNCATED_MARKER;
  return { text: text === "" ? undefined : text, diagnostics };
}
