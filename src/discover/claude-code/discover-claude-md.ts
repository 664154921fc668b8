// Claude Code's memory-file chain at session start: the user's files, then every ancestor of the cwd from `/`
// down, each with its imports right after it; AGENTS.md only when the project has no CLAUDE.md. IO through the
// Host only. The rules are from captures of Claude Code 2.1.332 (see parse-claude-md.ts and the README).
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { ancestorsOf, dirnameOf, joinPath, normalizePath, resolvePath } from "../paths.js";
import { isConditionalRule, parseClaudeMd } from "./parse-claude-md.js";
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

export type DroppedReason =
  | "outside-cwd"
  | "missing"
  | "too-deep"
  | "conditional-rule"
  | "not-text"
  | "agents-md-ignored";

export interface DroppedClaudeFile {
  path: string;
  reason: DroppedReason;
  importedFrom?: string;
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
}

/** Claude Code follows imports this many levels deep. */
export const CLAUDE_MD_MAX_IMPORT_DEPTH = 5;

const utf8 = new TextDecoder("utf-8");

function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir === "/" ? "/" : `${dir}/`);
}

/** `.md` files under a rules folder, depth first, each folder's entries in the file system's order (as Claude Code). */
function listRules(host: Host, dir: string): string[] {
  const listed = host.readDirRaw?.(dir) ?? host.readDir(dir);
  if (!listed.ok) return [];
  const out: string[] = [];
  for (const e of listed.value) {
    const path = joinPath(dir, e.name);
    const st = e.kind === "symlink" ? host.stat(path) : undefined;
    const kind = st === undefined ? e.kind : st.ok ? st.value.kind : "other";
    if (kind === "directory") out.push(...listRules(host, path));
    else if (kind === "file" && e.name.endsWith(".md")) out.push(path);
  }
  return out;
}

export function discoverClaudeMd(host: Host, options: DiscoverClaudeMdOptions): ClaudeMdChain {
  const cwd = normalizePath(options.cwd);
  const entries: ClaudeMdEntry[] = [];
  const dropped: DroppedClaudeFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();

  const read = (path: string): { text: string; size: number } | undefined => {
    const st = host.stat(path);
    if (!st.ok || st.value.kind !== "file") return undefined;
    const r = host.readBytes(path);
    if (!r.ok) {
      diagnostics.push(
        diagnostic("claude-md/unreadable", "warning", `${cannotRead(path, r.error)}; Claude Code skips it`, {
          file: path,
        }),
      );
      return undefined;
    }
    return { text: utf8.decode(r.value.bytes), size: r.value.size };
  };

  const add = (
    path: string,
    kind: ClaudeMdKind,
    via: ClaudeMdEntry["via"],
    depth: number,
    importedFrom?: string,
  ): boolean => {
    if (seen.has(path)) return true;
    const file = read(path);
    if (file === undefined) {
      if (importedFrom !== undefined) {
        dropped.push({ path, reason: "missing", importedFrom });
        diagnostics.push(
          diagnostic(
            "claude-md/import-missing",
            "info",
            `${importedFrom} imports ${path}, which does not exist; Claude Code drops the import without a word`,
            { file: importedFrom, data: { target: path } },
          ),
        );
      }
      return false;
    }
    seen.add(path);
    const parsed = parseClaudeMd(file.text, { rulesFile: via === "rules" });
    if (via === "rules" && isConditionalRule(parsed.frontmatter)) {
      seen.delete(path);
      dropped.push({ path, reason: "conditional-rule" });
      diagnostics.push(
        diagnostic(
          "claude-md/conditional-rule",
          "info",
          `${path} is scoped with \`paths:\`; Claude Code loads it only when a matching file is read, not at start`,
          { file: path },
        ),
      );
      return false;
    }
    const entry: ClaudeMdEntry = { path, kind, content: parsed.content, bytesIn: file.size, via };
    if (importedFrom !== undefined) entry.importedFrom = importedFrom;
    // An empty (or whitespace-only) file is not sent, but still counts as the project's CLAUDE.md.
    if (parsed.content !== "") entries.push(entry);
    for (const imp of parsed.imports) {
      const target = resolvePath(dirnameOf(path), imp.raw, options.home);
      if (imp.raw.startsWith("~/") && options.home === undefined) continue;
      if (seen.has(target)) continue;
      if (depth + 1 > CLAUDE_MD_MAX_IMPORT_DEPTH) {
        dropped.push({ path: target, reason: "too-deep", importedFrom: path });
        diagnostics.push(
          diagnostic(
            "claude-md/import-too-deep",
            "info",
            `${path} imports ${target} more than ${CLAUDE_MD_MAX_IMPORT_DEPTH} levels deep; Claude Code stops there`,
            { file: path, place: { line: imp.line, column: 1 } },
          ),
        );
        continue;
      }
      if (kind !== "user" && !isInside(target, cwd) && !options.externalIncludesApproved) {
        if (read(target) === undefined) {
          add(target, kind, "import", depth + 1, path);
          continue;
        }
        dropped.push({ path: target, reason: "outside-cwd", importedFrom: path });
        diagnostics.push(
          diagnostic(
            "claude-md/import-outside-cwd",
            "warning",
            `${path} imports ${target}, outside the launch folder ${cwd}; Claude Code drops it unless external includes are approved for this project in ~/.claude.json`,
            {
              file: path,
              place: { line: imp.line, column: 1 },
              data: { target },
            },
          ),
        );
        continue;
      }
      add(target, kind, "import", depth + 1, path);
    }
    return true;
  };

  if (options.home !== undefined) {
    const userDir = joinPath(options.home, ".claude");
    add(joinPath(userDir, "CLAUDE.md"), "user", "claude-md", 0);
    for (const rule of listRules(host, joinPath(userDir, "rules"))) add(rule, "user", "rules", 0);
  }

  const dirs = ancestorsOf(cwd).reverse();
  const start = entries.length;
  let projectClaudeMd = false;
  for (const dir of dirs) {
    if (add(joinPath(dir, "CLAUDE.md"), "project", "claude-md", 0)) projectClaudeMd = true;
    if (add(joinPath(dir, ".claude", "CLAUDE.md"), "project", "dot-claude", 0)) projectClaudeMd = true;
    const rules = listRules(host, joinPath(dir, ".claude", "rules"));
    if (rules.length > 1 && host.readDirRaw === undefined) {
      diagnostics.push(
        diagnostic(
          "claude-md/rules-order",
          "info",
          `${joinPath(dir, ".claude", "rules")} holds ${rules.length} rules files; Claude Code sends them in the file system's directory order, which this host cannot tell, so promptc shows them in name order`,
          {
            file: joinPath(dir, ".claude", "rules"),
          },
        ),
      );
    }
    for (const rule of rules) add(rule, "project", "rules", 0);
    add(joinPath(dir, "CLAUDE.local.md"), "local", "local", 0);
  }
  const agentsMd = dirs.map((d) => joinPath(d, "AGENTS.md")).filter((p) => read(p) !== undefined);
  if (!projectClaudeMd) {
    // The AGENTS.md fallback comes after the user files, root first, like project CLAUDE.md would.
    const before = entries.splice(start);
    for (const path of agentsMd) add(path, "project", "agents-md-fallback", 0);
    entries.push(...before);
  } else {
    for (const path of agentsMd) {
      dropped.push({ path, reason: "agents-md-ignored" });
      diagnostics.push(
        diagnostic(
          "claude-md/agents-md-ignored",
          "info",
          `${path} is not read by Claude Code: it reads AGENTS.md only when the project has no CLAUDE.md`,
          { file: path },
        ),
      );
    }
  }
  return { entries, dropped, diagnostics };
}
