// pi's context files at session start: the agent dir's AGENTS.md (or CLAUDE.md), then one file per folder from
// the filesystem root down to the cwd (AGENTS.md, AGENTS.MD, CLAUDE.md, CLAUDE.MD: the first that exists), raw.
// SYSTEM.md and APPEND_SYSTEM.md (cwd's .pi first, then the agent dir). IO through the Host only.
// From pi 0.73.1's readable source (core/resource-loader.js), confirmed by capture.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { ancestorsOf, joinPath, normalizePath } from "../paths.js";
import { cannotRead } from "../../model/file-error.js";

export const PI_CONTEXT_FILE_NAMES = ["AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"] as const;

export interface PiContextFile {
  path: string;
  /** Raw UTF-8 text (a BOM stays), not trimmed: pi sends it as it is. */
  content: string;
  scope: "global" | "project";
}

export interface PiContextResult {
  files: PiContextFile[];
  /** Files in a folder pi read another file from (AGENTS.md beat CLAUDE.md). */
  shadowed: string[];
  systemMd?: { path: string; content: string };
  appendSystemMd?: { path: string; content: string };
  diagnostics: Diagnostic[];
}

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

function readText(host: Host, path: string, diagnostics: Diagnostic[]): string | undefined {
  if (!host.stat(path).ok) return undefined;
  const r = host.readBytes(path);
  if (!r.ok) {
    diagnostics.push(
      diagnostic("pi/unreadable", "warning", `${cannotRead(path, r.error)}; pi warns and tries the next name`, {
        file: path,
      }),
    );
    return undefined;
  }
  return utf8.decode(r.value.bytes);
}

function fromDir(
  host: Host,
  dir: string,
  diagnostics: Diagnostic[],
  shadowed: string[],
): { path: string; content: string } | undefined {
  let found: { path: string; content: string } | undefined;
  for (const name of PI_CONTEXT_FILE_NAMES) {
    const path = joinPath(dir, name);
    if (found !== undefined) {
      const st = host.stat(path);
      // On a case-insensitive file system AGENTS.MD is AGENTS.md again: only count another real file.
      if (st.ok && st.value.kind === "file" && !(name.toLowerCase() === found.path.slice(dir.length + 1).toLowerCase()))
        shadowed.push(path);
      continue;
    }
    const content = readText(host, path, diagnostics);
    if (content !== undefined) found = { path, content };
  }
  return found;
}

export function discoverPiContext(host: Host, options: { cwd: string; agentDir: string }): PiContextResult {
  const diagnostics: Diagnostic[] = [];
  const shadowed: string[] = [];
  const files: PiContextFile[] = [];
  const seen = new Set<string>();
  const global = fromDir(host, options.agentDir, diagnostics, shadowed);
  if (global) {
    files.push({ ...global, scope: "global" });
    seen.add(global.path);
  }
  const cwd = normalizePath(options.cwd);
  for (const dir of ancestorsOf(cwd).reverse()) {
    const f = fromDir(host, dir, diagnostics, shadowed);
    if (f && !seen.has(f.path)) {
      files.push({ ...f, scope: "project" });
      seen.add(f.path);
    }
  }
  for (const path of shadowed)
    diagnostics.push(
      diagnostic(
        "pi/context-file-shadowed",
        "info",
        `${path} is not read by pi: it reads one context file per folder and an AGENTS.md there comes first`,
        { file: path },
      ),
    );
  const result: PiContextResult = { files, shadowed, diagnostics };
  for (const [key, name] of [
    ["systemMd", "SYSTEM.md"],
    ["appendSystemMd", "APPEND_SYSTEM.md"],
  ] as const) {
    for (const path of [joinPath(cwd, ".pi", name), joinPath(options.agentDir, name)]) {
      const content = readText(host, path, diagnostics);
      if (content !== undefined) {
        result[key] = { path, content };
        break;
      }
    }
  }
  return result;
}
