// One diagnostic as one line: `severity  file:line:col: message  rule`, paths shown relative to a base dir. Pure.
import type { Diagnostic } from "../../model/diagnostic.js";
import type { Style } from "./style.js";

// The last base split, as a view relativizes hundreds of paths against one cwd.
let lastBase = "";
let lastSegments: readonly string[] = [];
function segmentsOf(base: string): readonly string[] {
  if (base !== lastBase) {
    lastSegments = base.split("/").filter(Boolean);
    lastBase = base;
  }
  return lastSegments;
}

/** POSIX relative path from `base` to `path` (both absolute); `path` itself when they share only `/`. */
export function relativeTo(base: string, path: string): string {
  if (!path.startsWith("/") || !base.startsWith("/")) return path;
  // A path below `base` with no empty segment is its own rest (a preview lists hundreds of skill files).
  if (base !== "/" && !base.endsWith("/") && path.startsWith(base) && path[base.length] === "/") {
    const rest = path.slice(base.length + 1);
    if (rest !== "" && !rest.startsWith("/") && !rest.endsWith("/") && !rest.includes("//")) return rest;
  }
  const from = segmentsOf(base);
  const to = path.split("/").filter(Boolean);
  let common = 0;
  while (common < from.length && common < to.length && from[common] === to[common]) common++;
  if (common === 0) return path;
  const up = from.length - common;
  const down = to.slice(common).join("/");
  if (up === 0) return down === "" ? "." : down;
  return down === "" ? `${"../".repeat(up - 1)}..` : `${"../".repeat(up)}${down}`;
}

/** Absolute paths inside a sentence: after a space or an opening bracket/quote, up to a space or punctuation. */
const ABSOLUTE_PATH = /(^|[\s(["'])(\/[^\s,;()"'\]]+?)(?=[.:]?(?:$|[\s,;()"'\]]))/g;

/** `text` with every absolute path below a directory it shares with `base` written relative to `base`. */
export function relativizePaths(text: string, base: string): string {
  return text.replace(ABSOLUTE_PATH, (_m, lead: string, path: string) => lead + relativeTo(base, path));
}

export function formatDiagnostic(d: Diagnostic, style: Style, base?: string): string {
  const sev =
    d.severity === "error"
      ? style.red("error  ")
      : d.severity === "warning"
        ? style.yellow("warning")
        : style.cyan("info   ");
  const file =
    d.file && !d.message.includes(d.file)
      ? `${base ? relativeTo(base, d.file) : d.file}${d.place ? `:${d.place.line}:${d.place.column}` : ""}: `
      : "";
  const message = base ? relativizePaths(d.message, base) : d.message;
  return `  ${sev}  ${file}${message}  ${style.dim(d.rule)}`;
}
