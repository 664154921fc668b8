// pi's context files at session start: the agent dir's AGENTS.md (or CLAUDE.md), then one file per folder from
// the filesystem root down to the cwd (AGENTS.md, AGENTS.MD, CLAUDE.md, CLAUDE.MD: the first that exists), raw.
// SYSTEM.md and APPEND_SYSTEM.md (cwd's .pi first, then the agent dir). IO through the Host only.
// From pi 0.73.1's readable source (core/resource-loader.js), confirmed by capture.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { joinPath, normalizePath } from "../paths.js";
import { folderNode } from "../folder-chain.js";
import { appendAll } from "../../model/append-all.js";
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

/** What pi reads in one folder: its context file (the first name that exists), the files that one shadows. */
interface PiFolder {
  found?: { path: string; content: string };
  shadowed: string[];
  /** Unreadable candidates, in the order pi tries them. */
  diagnostics: Diagnostic[];
}

function fromDir(host: Host, dir: string): PiFolder {
  const out: PiFolder = { shadowed: [], diagnostics: [] };
  for (const name of PI_CONTEXT_FILE_NAMES) {
    const path = joinPath(dir, name);
    if (out.found !== undefined) {
      const st = host.stat(path);
      // On a case-insensitive file system AGENTS.MD is AGENTS.md again: only count another real file.
      if (
        st.ok &&
        st.value.kind === "file" &&
        !(name.toLowerCase() === out.found.path.slice(dir.length + 1).toLowerCase())
      )
        out.shadowed.push(path);
      continue;
    }
    const content = readText(host, path, out.diagnostics);
    if (content !== undefined) out.found = { path, content };
  }
  return out;
}

const shadowedDiagnostic = (path: string): Diagnostic =>
  diagnostic(
    "pi/context-file-shadowed",
    "info",
    `${path} is not read by pi: it reads one context file per folder and an AGENTS.md there comes first`,
    { file: path },
  );

/**
 * A folder's own reading, and pi's walk from `/` down to it: the walk of the folder above plus this one (kept
 * whole, so a launch copies lists instead of visiting every ancestor).
 */
interface PiFolderNode {
  folder: PiFolder;
  files: PiContextFile[];
  shadowed: string[];
  diagnostics: Diagnostic[];
  shadowedDiagnostics: Diagnostic[];
}

/**
 * Each folder's node, kept for a whole run when lint's launches share it (`shareSlot(share, "pi", …)`): a launch
 * reads only the folders no launch above it read. Without a share, a fresh one per call.
 */
export type PiFolders = Map<string, PiFolderNode>;

export function createPiFolders(): PiFolders {
  return new Map();
}

function nodeOf(host: Host, folders: PiFolders, dir: string): PiFolderNode {
  return folderNode(folders, dir, (d, up): PiFolderNode => {
    const folder = fromDir(host, d);
    const files = up !== undefined ? [...up.files] : [];
    if (folder.found) files.push({ ...folder.found, scope: "project" });
    return {
      folder,
      files,
      shadowed: [...(up?.shadowed ?? []), ...folder.shadowed],
      diagnostics: [...(up?.diagnostics ?? []), ...folder.diagnostics],
      shadowedDiagnostics: [...(up?.shadowedDiagnostics ?? []), ...folder.shadowed.map(shadowedDiagnostic)],
    };
  }) as PiFolderNode;
}

export function discoverPiContext(
  host: Host,
  options: { cwd: string; agentDir: string; folders?: PiFolders },
): PiContextResult {
  const folders = options.folders ?? createPiFolders();
  const global = nodeOf(host, folders, normalizePath(options.agentDir)).folder;
  const cwd = normalizePath(options.cwd);
  // Root first, as pi reads them; the agent dir's file once, as the global one, should it be an ancestor's too.
  const walk = nodeOf(host, folders, cwd);
  const files: PiContextFile[] = [];
  if (global.found) {
    const path = global.found.path;
    files.push({ ...global.found, scope: "global" });
    appendAll(
      files,
      walk.files.filter((f) => f.path !== path),
    );
  } else appendAll(files, walk.files);
  const shadowed = [...global.shadowed, ...walk.shadowed];
  const diagnostics = [
    ...global.diagnostics,
    ...walk.diagnostics,
    ...global.shadowed.map(shadowedDiagnostic),
    ...walk.shadowedDiagnostics,
  ];
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
