// Claude Code's memory-file chain at session start: the user's files, then every ancestor of the cwd from `/`
// down, each with its imports right after it; AGENTS.md only when the project has no CLAUDE.md. IO through the
// Host only. The rules are from captures of Claude Code 2.1.332 (see parse-claude-md.ts and the README).
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { normalizePath } from "../paths.js";
import {
  type ClaudeChainFolder,
  type ClaudeFolderMemo,
  type ClaudeMdFile,
  type ClaudeMdRead,
  createClaudeFolderMemo,
  type ParsedClaudeMdFile,
} from "./claude-folder-memo.js";
import { isConditionalRule } from "./parse-claude-md.js";
import type { DroppedClaudeFile } from "./claude-drop.js";
import { cannotRead } from "../../model/file-error.js";

/** Which label Claude Code gives a file (`(user's private global instructions …)` and so on). */
export type ClaudeMdKind = "user" | "project" | "local";

export interface ClaudeMdEntry {
  path: string;
  kind: ClaudeMdKind;
  /** The text as sent (frontmatter and HTML comments removed, trimmed). */
  content: string;
  /** Bytes of the file on disk. */
  bytesIn: number;
  /** The file whose `@import` brought this one in. */
  importedFrom?: string;
  /** How it was found. */
  via: "claude-md" | "dot-claude" | "rules" | "local" | "import" | "agents-md-fallback";
}

export interface ClaudeMdChain {
  entries: ClaudeMdEntry[];
  dropped: DroppedClaudeFile[];
  diagnostics: Diagnostic[];
}

export interface DiscoverClaudeMdOptions {
  cwd: string;
  /** The user's home (`~/.claude` lives there); undefined = no user files. */
  home?: string;
  /** `~/.claude.json` approves imports outside the cwd for this project. */
  externalIncludesApproved: boolean;
  /** What other launches of the same run already read (made for this host and home); else read afresh. */
  memo?: ClaudeFolderMemo;
}

/** Claude Code follows imports this many levels deep (measured with 2.1.332: a chain of seven, the fifth is left out). */
export const CLAUDE_MD_MAX_IMPORT_DEPTH = 4;

/**
 * Imports with these extensions (any case) are left out as binary, whatever their bytes (measured: .png, .PNG,
 * .pdf, .svg, .bin, .dat dropped; .md with a NUL, .ts, .lock, .json, .txt and no extension kept). The rest of
 * the list is the usual binary formats, not each measured.
 */
export const CLAUDE_MD_BINARY_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    "png jpg jpeg gif bmp ico webp svg tif tiff avif heic psd pdf doc docx xls xlsx ppt pptx odt zip tar gz tgz " +
    "bz2 xz 7z rar jar war class pyc pyo o a so dll dylib exe bin dat wasm db sqlite mp3 mp4 wav ogg flac mov avi " +
    "mkv webm woff woff2 ttf otf eot"
  ).split(" "),
);

function isBinaryImport(path: string): boolean {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 && CLAUDE_MD_BINARY_EXTENSIONS.has(base.slice(dot + 1).toLowerCase());
}

export function discoverClaudeMd(host: Host, options: DiscoverClaudeMdOptions): ClaudeMdChain {
  const cwd = normalizePath(options.cwd);
  const memo =
    options.memo !== undefined && options.memo.host === host && options.memo.home === options.home
      ? options.memo
      : createClaudeFolderMemo(host, options.home);
  const entries: ClaudeMdEntry[] = [];
  const dropped: DroppedClaudeFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const cwdPrefix = cwd === "/" ? "/" : `${cwd}/`;
  const inCwd = (path: string) => path === cwd || path.startsWith(cwdPrefix);

  // Each file is read once (the AGENTS.md check looks at the chain's files before they are added); one that
  // cannot be read is reported the first time this launch reads it.
  const reported = new Set<string>();
  const read = (path: string, file: ClaudeMdRead = memo.file(path)): ClaudeMdFile | undefined => {
    if (file === undefined || !("error" in file)) return file;
    if (!reported.has(path)) {
      reported.add(path);
      diagnostics.push(
        diagnostic("claude-md/unreadable", "warning", `${cannotRead(path, file.error)}; Claude Code skips it`, {
          file: path,
        }),
      );
    }
    return undefined;
  };

  // A drop's words name no launch folder, so every launch that makes it says the same: each is made once per file
  // (or import in it) and reason, and the launches below share it (lint keys its shared entries on the diagnostic).
  const drop = (record: ParsedClaudeMdFile, key: string, make: () => DroppedClaudeFile): void => {
    let d = record.drops.get(key);
    if (d === undefined) record.drops.set(key, (d = make()));
    dropped.push(d);
    diagnostics.push(d.diagnostic);
  };

  /** `from`: the file whose import `index` this is, and its parse. */
  const add = (
    path: string,
    kind: ClaudeMdKind,
    via: ClaudeMdEntry["via"],
    depth: number,
    from?: { path: string; record: ParsedClaudeMdFile; index: number },
  ): boolean => {
    if (seen.has(path)) return true;
    const file = read(path);
    if (file === undefined) {
      if (from !== undefined)
        drop(from.record, `missing ${from.index}`, () => ({
          path,
          reason: "missing",
          importedFrom: from.path,
          diagnostic: diagnostic(
            "claude-md/import-missing",
            "info",
            `${from.path} imports ${path}, which does not exist; Claude Code drops the import without a word`,
            { file: from.path, data: { target: path } },
          ),
        }));
      return false;
    }
    seen.add(path);
    const record = memo.parsed(path, file);
    const { parsed, targets } = record;
    if (via === "rules" && isConditionalRule(parsed.frontmatter)) {
      seen.delete(path);
      drop(record, "conditional-rule", () => ({
        path,
        reason: "conditional-rule",
        diagnostic: diagnostic(
          "claude-md/conditional-rule",
          "info",
          `${path} is scoped with \`paths:\`; Claude Code loads it only when a matching file is read, not at start`,
          { file: path },
        ),
      }));
      return false;
    }
    const entry: ClaudeMdEntry = { path, kind, content: parsed.content, bytesIn: file.size, via };
    if (from !== undefined) entry.importedFrom = from.path;
    // An empty (or whitespace-only) file is not sent, but still counts as the project's CLAUDE.md.
    if (parsed.content !== "") entries.push(entry);
    for (const [i, imp] of parsed.imports.entries()) {
      const target = targets[i] as string;
      if (imp.raw.startsWith("~/") && options.home === undefined) continue;
      if (seen.has(target)) continue;
      if (isBinaryImport(target)) {
        drop(record, `not-text ${i}`, () => ({
          path: target,
          reason: "not-text",
          importedFrom: path,
          diagnostic: diagnostic(
            "claude-md/import-not-text",
            "info",
            `${path} imports ${target}; Claude Code leaves out imports of binary file types`,
            { file: path, place: { line: imp.line, column: 1 }, data: { target } },
          ),
        }));
        continue;
      }
      if (depth + 1 > CLAUDE_MD_MAX_IMPORT_DEPTH) {
        drop(record, `too-deep ${i}`, () => ({
          path: target,
          reason: "too-deep",
          importedFrom: path,
          diagnostic: diagnostic(
            "claude-md/import-too-deep",
            "info",
            `${path} imports ${target} more than ${CLAUDE_MD_MAX_IMPORT_DEPTH} levels deep; Claude Code stops there`,
            { file: path, place: { line: imp.line, column: 1 } },
          ),
        }));
        continue;
      }
      const importer = { path, record, index: i };
      if (kind !== "user" && !inCwd(target) && !options.externalIncludesApproved) {
        if (read(target) === undefined) {
          add(target, kind, "import", depth + 1, importer);
          continue;
        }
        drop(record, `outside-cwd ${i}`, () => ({
          path: target,
          reason: "outside-cwd",
          importedFrom: path,
          diagnostic: diagnostic(
            "claude-md/import-outside-cwd",
            "warning",
            `${path} imports ${target}, outside the launch folder; Claude Code drops it unless external includes are approved for this project in ~/.claude.json`,
            { file: path, place: { line: imp.line, column: 1 }, data: { target } },
          ),
        }));
        continue;
      }
      add(target, kind, "import", depth + 1, importer);
    }
    return true;
  };

  const addAgentsMd = (path: string): void => {
    if (seen.has(path)) return;
    const file = read(path);
    if (file === undefined) return;
    seen.add(path);
    const content = memo.parsed(path, file).parsed.content;
    if (content !== "") entries.push({ path, kind: "project", content, bytesIn: file.size, via: "agents-md-fallback" });
  };

  if (options.home !== undefined) {
    const user = memo.user(options.home);
    add(user.dotClaudeMd, "user", "claude-md", 0);
    for (const rule of memo.rules(user.rulesDir)) add(rule, "user", "rules", 0);
  }

  // Measured: AGENTS.md is read only when no CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md with any text is
  // found in the cwd or above (rules files and the user's own files do not count); each folder's AGENTS.md then
  // comes where that folder's CLAUDE.md files would, after its rules, and its @imports are not followed.
  const dirs: ClaudeChainFolder[] = [];
  for (let dir: ClaudeChainFolder | undefined = memo.folder(cwd); dir !== undefined; dir = dir.parent) dirs.push(dir);
  dirs.reverse();
  // An absent file is skipped without a look-up: adding or reading it does nothing.
  const hasText = (path: string, record: ClaudeMdRead) => {
    if (record === undefined) return false;
    const file = read(path, record);
    return file !== undefined && memo.parsed(path, file).parsed.content !== "";
  };
  const agentsFallback = !dirs.some(
    (dir) =>
      hasText(dir.claudeMd, dir.claudeMdFile) ||
      hasText(dir.dotClaudeMd, dir.dotClaudeMdFile) ||
      hasText(dir.localMd, dir.localMdFile),
  );
  for (const dir of dirs) {
    if (dir.claudeMdFile !== undefined) add(dir.claudeMd, "project", "claude-md", 0);
    if (dir.dotClaudeMdFile !== undefined) add(dir.dotClaudeMd, "project", "dot-claude", 0);
    const rules = dir.rules;
    if (rules.length > 1 && host.readDirRaw === undefined) {
      diagnostics.push(
        diagnostic(
          "claude-md/rules-order",
          "info",
          `${dir.rulesDir} holds ${rules.length} rules files; Claude Code sends them in the file system's directory order, which this host cannot tell, so promptc shows them in name order`,
          {
            file: dir.rulesDir,
          },
        ),
      );
    }
    for (const rule of rules) add(rule, "project", "rules", 0);
    const agentsMd = dir.agentsMd;
    if (dir.agentsMdFile !== undefined && read(agentsMd, dir.agentsMdFile) !== undefined) {
      if (agentsFallback) addAgentsMd(agentsMd);
      else {
        // The same drop and words in every launch below this folder: made once.
        dir.agentsMdIgnored ??= {
          path: agentsMd,
          reason: "agents-md-ignored",
          diagnostic: diagnostic(
            "claude-md/agents-md-ignored",
            "info",
            `${agentsMd} is not read by Claude Code: it reads AGENTS.md only when no CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md with text is found from the cwd up`,
            { file: agentsMd },
          ),
        };
        dropped.push(dir.agentsMdIgnored);
        diagnostics.push(dir.agentsMdIgnored.diagnostic);
      }
    }
    if (dir.localMdFile !== undefined) add(dir.localMd, "local", "local", 0);
  }
  return { entries, dropped, diagnostics };
}
