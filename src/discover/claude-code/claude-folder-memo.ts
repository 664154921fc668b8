// What Claude Code's discovery reads in each folder, kept for one run: each file's text, parse and import targets,
// each folder's chain-file paths and rules list, each skills or commands folder's scan, ~/.claude.json parsed.
// None of it depends on the launch folder (which imports are dropped, which AGENTS.md is read, which ancestors a
// launch walks are decided per launch from these), so every launch of a lint run reuses what the launches above
// it read. One memo per call when nothing is shared, so a single discovery reads exactly what it did before.
// IO through the Host only; it assumes the files do not change during the run.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { childPath } from "../child-path.js";
import { isDirectory } from "../path-kind.js";
import { dirnameOf, joinPath, resolvePath } from "../paths.js";
import type { DroppedClaudeFile } from "./claude-drop.js";
import { type ParsedClaudeMd, parseClaudeMd } from "./parse-claude-md.js";
import { type ClaudeJsonFacts, type ClaudeJsonFile, claudeJsonFacts, readClaudeJsonFile } from "./read-claude-json.js";

/** A memory file as read. */
export interface ClaudeMdFile {
  text: string;
  size: number;
}

/** What Claude Code sends of a file, and each import's target (resolved against its folder, `~/` with the home). */
export interface ParsedClaudeMdFile {
  parsed: ParsedClaudeMd;
  targets: string[];
  /** The drops of this file or of its imports, by reason and import, once a launch made them. */
  drops: Map<string, DroppedClaudeFile>;
}

/** A file that is there but cannot be read (the discovery says so once per launch). */
export interface UnreadableClaudeMdFile {
  error: unknown;
}

/** One folder of the chain: the paths Claude Code looks at there, which of them are files, its rules files. */
export interface ClaudeChainFolder {
  dir: string;
  /** The folder above (undefined at `/`): a launch walks its ancestors through these, with no look-up. */
  parent: ClaudeChainFolder | undefined;
  claudeMd: string;
  dotClaudeMd: string;
  rulesDir: string;
  agentsMd: string;
  localMd: string;
  /** `<dir>/.claude/skills` and `<dir>/.claude/commands`. */
  skills: string;
  commands: string;
  /** Each as read (undefined: not a file, which a launch skips, as that is all it would do with it). */
  claudeMdFile: ClaudeMdRead;
  dotClaudeMdFile: ClaudeMdRead;
  agentsMdFile: ClaudeMdRead;
  localMdFile: ClaudeMdRead;
  /** The `.md` files under its rules folder. */
  rules: readonly string[];
  /** Whether `<dir>/.claude` is a folder (else its skills and commands folders are not looked for). */
  hasDotClaude: boolean;
  /** Its skills and commands folders' scans, once asked (only the folders up to the git root are). */
  scans: ClaudeScans;
  /** Its AGENTS.md's drop when a CLAUDE.md is found (the same for every launch), once made. */
  agentsMdIgnored?: DroppedClaudeFile;
}

export type ClaudeMdRead = ClaudeMdFile | UnreadableClaudeMdFile | undefined;

/** A folder's skills and commands scans, and for the walk up from it to a git root, theirs and its ancestors'. */
export interface ClaudeScans {
  skill?: ClaudeScan<unknown>;
  command?: ClaudeScan<unknown>;
  upward?: { gitRoot: string | undefined; skill: ClaudeScan<unknown>; command: ClaudeScan<unknown> };
}

/** The user's folder: `~/.claude`'s CLAUDE.md, rules, skills and commands. */
export interface ClaudeUserFolder {
  dotClaudeMd: string;
  rulesDir: string;
  skills: string;
  commands: string;
  scans: ClaudeScans;
}

/** What scanning one skills or commands folder found, and said. */
export interface ClaudeScan<T> {
  found: T[];
  diagnostics: Diagnostic[];
}

export interface ClaudeFolderMemo {
  readonly host: Host;
  readonly home: string | undefined;
  /** The file at `path`: undefined when it is not a file. */
  file(path: string): ClaudeMdRead;
  /** The parse of the file read at `path` (parsed when first asked: a file read only to see it is there is not). */
  parsed(path: string, file: ClaudeMdFile): ParsedClaudeMdFile;
  /** The folder `dir` (normalized), its parents made on the way. */
  folder(dir: string): ClaudeChainFolder;
  user(home: string): ClaudeUserFolder;
  /** The `.md` files under a rules folder, depth first, in the file system's order. */
  rules(dir: string): readonly string[];
  /** A skills or commands folder's scan by `scan`, once per folder and kind. */
  scan<T>(scans: ClaudeScans, kind: "skill" | "command", scan: (diagnostics: Diagnostic[]) => T[]): ClaudeScan<T>;
  claudeJson(home: string, projectKey: string): { value: ClaudeJsonFacts; diagnostics: Diagnostic[] };
}

const utf8 = new TextDecoder("utf-8");

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

function remember<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  if (map.has(key)) return map.get(key) as V;
  const value = make();
  map.set(key, value);
  return value;
}

export function createClaudeFolderMemo(host: Host, home: string | undefined): ClaudeFolderMemo {
  const files = new Map<string, ClaudeMdFile | UnreadableClaudeMdFile | undefined>();
  const parses = new Map<ClaudeMdFile, ParsedClaudeMdFile>();
  const folders = new Map<string, ClaudeChainFolder>();
  const users = new Map<string, ClaudeUserFolder>();
  const rulesLists = new Map<string, readonly string[]>();
  const claudeJsons = new Map<string, ClaudeJsonFile>();
  const memo: ClaudeFolderMemo = {
    host,
    home,
    file: (path) => {
      const known = files.get(path);
      if (known !== undefined || files.has(path)) return known;
      let file: ClaudeMdRead;
      const st = host.stat(path);
      if (st.ok && st.value.kind === "file") {
        const r = host.readBytes(path);
        file = r.ok ? { text: utf8.decode(r.value.bytes), size: r.value.size } : { error: r.error };
      }
      files.set(path, file);
      return file;
    },
    parsed: (path, file) => {
      let known = parses.get(file);
      if (known === undefined) {
        const parsed = parseClaudeMd(file.text);
        const dir = dirnameOf(path);
        known = { parsed, targets: parsed.imports.map((i) => resolvePath(dir, i.raw, home)), drops: new Map() };
        parses.set(file, known);
      }
      return known;
    },
    folder: (dir) => {
      const known = folders.get(dir);
      if (known !== undefined) return known;
      const above = dirnameOf(dir);
      const parent = above === dir ? undefined : memo.folder(above);
      const dotClaude = childPath(dir, ".claude");
      // Nothing under `.claude` is there to find when it is not a folder: one look instead of four.
      const hasDotClaude = isDirectory(host, dotClaude);
      const claudeMd = childPath(dir, "CLAUDE.md");
      const dotClaudeMd = childPath(dotClaude, "CLAUDE.md");
      const rulesDir = childPath(dotClaude, "rules");
      const agentsMd = childPath(dir, "AGENTS.md");
      const localMd = childPath(dir, "CLAUDE.local.md");
      const folder: ClaudeChainFolder = {
        dir,
        parent,
        claudeMd,
        dotClaudeMd,
        rulesDir,
        agentsMd,
        localMd,
        skills: childPath(dotClaude, "skills"),
        commands: childPath(dotClaude, "commands"),
        claudeMdFile: memo.file(claudeMd),
        dotClaudeMdFile: hasDotClaude ? memo.file(dotClaudeMd) : undefined,
        agentsMdFile: memo.file(agentsMd),
        localMdFile: memo.file(localMd),
        rules: hasDotClaude ? memo.rules(rulesDir) : [],
        hasDotClaude,
        scans: {},
      };
      folders.set(dir, folder);
      return folder;
    },
    user: (home) =>
      remember(users, home, () => {
        const dotClaude = joinPath(home, ".claude");
        return {
          dotClaudeMd: joinPath(dotClaude, "CLAUDE.md"),
          rulesDir: joinPath(dotClaude, "rules"),
          skills: joinPath(dotClaude, "skills"),
          commands: joinPath(dotClaude, "commands"),
          scans: {},
        };
      }),
    // A rules folder that is not there (the usual case) is told by a stat: listing it would fail alike, at more cost.
    rules: (dir) => remember(rulesLists, dir, () => (isDirectory(host, dir) ? listRules(host, dir) : [])),
    scan: <T>(scans: ClaudeScans, kind: "skill" | "command", scan: (diagnostics: Diagnostic[]) => T[]) => {
      let known = scans[kind];
      if (known === undefined) {
        const diagnostics: Diagnostic[] = [];
        known = { found: scan(diagnostics), diagnostics };
        scans[kind] = known;
      }
      return known as ClaudeScan<T>;
    },
    claudeJson: (home, projectKey) =>
      claudeJsonFacts(
        remember(claudeJsons, home, () => readClaudeJsonFile(host, home)),
        projectKey,
      ),
  };
  return memo;
}
