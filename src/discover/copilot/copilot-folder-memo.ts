// What Copilot CLI's discovery reads in each folder, kept for one run: each instruction file's text and its
// imports expanded (they depend on the repository root, not on the launch folder), each `.github/instructions`
// folder's rules, each skills folder's scan. A launch picks from these which folders count for it; every launch
// of a lint run reuses what the launches above it read. One memo per call when nothing is shared, so a single
// discovery reads exactly what it did before. IO through the Host only; it assumes the files do not change.
import type { Host } from "../../host/host.js";
import { isDirectory } from "../path-kind.js";
import { childPath } from "../child-path.js";
import { dirnameOf, joinPath } from "../paths.js";
import { extractFrontmatter, parseYamlSafely } from "../parse-skill-md.js";
import { parseFoldedFrontmatter } from "../../model/parse-folded-frontmatter.js";
import { type CopilotImport, expandCopilotImports } from "./expand-copilot-imports.js";

export type CopilotInstructionScope = "user" | "repository" | "nested";

export interface CopilotInstructionFile {
  path: string;
  scope: CopilotInstructionScope;
  /** The file's text with its imports expanded (sent untrimmed). */
  text: string;
  imports: CopilotImport[];
}

/** A `.instructions.md` file of a folder, as read (its `applyTo` split on commas). */
export interface CopilotRuleFile {
  path: string;
  text: string;
  applyTo: string[];
  description: string | undefined;
}

/** What scanning one skills folder found, and left out. */
export interface CopilotScan<T> {
  found: T[];
  dropped: { path: string; reason: string }[];
}

/** One folder: the instruction files Copilot looks for there, its rules, its skills folders' scans. */
export interface CopilotFolder {
  dir: string;
  /** The folder above (undefined at `/`): a launch walks its ancestors through these, with no look-up. */
  parent: CopilotFolder | undefined;
  /** The four names' paths in Copilot's order. */
  names: readonly string[];
  /** Those that are files, with their imports expanded within `root` (made for the last root asked). */
  instructions?: { root: string; files: CopilotInstructionFile[] };
  /** Its `.github/instructions/*.instructions.md` files, undefined when that folder cannot be listed. */
  rules?: CopilotRuleFile[] | undefined;
  rulesRead?: true;
  /** `<dir>/<root>` for each of COPILOT_PROJECT_SKILL_ROOTS, and their scans once asked. */
  skillRoots: readonly string[];
  scans: (CopilotScan<unknown> | undefined)[];
  /** Whether `<dir>/.github` and `<dir>/.claude` are folders, once asked (nothing below one that is not is looked for). */
  hasGithub?: boolean;
  hasDotClaude?: boolean;
  /** For the walk up from here to a git root: each skills root's scans of this folder and its ancestors. */
  upward?: { gitRoot: string | undefined; scans: CopilotScan<unknown>[] };
}

export interface CopilotFolderMemo {
  readonly host: Host;
  /** The file's text, undefined when it is not a readable file. */
  text(path: string): string | undefined;
  /** The file's text with its imports expanded within `allowedRoot`. */
  expanded(path: string, text: string, allowedRoot: string): { text: string; imports: CopilotImport[] };
  /** The folder `dir` (normalized), its parents made on the way. */
  folder(dir: string): CopilotFolder;
  /** The instruction files of `folder`, imports expanded within `root` (the root's own are its "repository" ones). */
  instructions(folder: CopilotFolder, root: string): CopilotInstructionFile[];
  /** The rules files of `folder`'s `.github/instructions`. */
  rules(folder: CopilotFolder): CopilotRuleFile[] | undefined;
  /** Whether the folder holding `<dir>/<path>`'s first segment (`.github`, `.claude`) is there to look into. */
  mayHold(folder: CopilotFolder, path: string): boolean;
  /** A user skills folder's scan by `scan`, once per folder. */
  userScan<T>(root: string, scan: () => CopilotScan<T>): CopilotScan<T>;
}

const utf8 = new TextDecoder("utf-8");

/** The four names read in each folder, in Copilot's order. */
export const COPILOT_INSTRUCTION_NAMES = [".github/copilot-instructions.md", "AGENTS.md", "CLAUDE.md", "GEMINI.md"];
export const COPILOT_RULES_DIR = ".github/instructions";
const RULE_SUFFIX = ".instructions.md";
export const COPILOT_PROJECT_SKILL_ROOTS = [".github/skills", ".agents/skills", ".claude/skills"];

function frontmatterOf(text: string): { applyTo?: string; description?: string } {
  const block = extractFrontmatter(text);
  if (block === undefined) return {};
  try {
    // Plain `key: value` blocks skip the yaml package; the answer is its parse.
    const v = (parseFoldedFrontmatter(block) ?? parseYamlSafely(block)) as {
      applyTo?: unknown;
      description?: unknown;
    } | null;
    const out: { applyTo?: string; description?: string } = {};
    if (typeof v?.applyTo === "string") out.applyTo = v.applyTo;
    if (typeof v?.description === "string") out.description = v.description;
    return out;
  } catch {
    return {};
  }
}

export function createCopilotFolderMemo(host: Host): CopilotFolderMemo {
  const texts = new Map<string, string | undefined>();
  const expansions = new Map<string, Map<string, { text: string; imports: CopilotImport[] }>>();
  const folders = new Map<string, CopilotFolder>();
  const userScans = new Map<string, CopilotScan<unknown>>();
  const memo: CopilotFolderMemo = {
    host,
    text: (path) => {
      if (texts.has(path)) return texts.get(path);
      const st = host.stat(path);
      let text: string | undefined;
      if (st.ok && st.value.kind === "file") {
        const r = host.readBytes(path);
        text = r.ok ? utf8.decode(r.value.bytes) : undefined;
      }
      texts.set(path, text);
      return text;
    },
    expanded: (path, text, allowedRoot) => {
      let byRoot = expansions.get(path);
      if (byRoot === undefined) {
        byRoot = new Map();
        expansions.set(path, byRoot);
      }
      let out = byRoot.get(allowedRoot);
      if (out === undefined) {
        out = expandCopilotImports(host, { path, text, allowedRoot });
        byRoot.set(allowedRoot, out);
      }
      return out;
    },
    folder: (dir) => {
      const known = folders.get(dir);
      if (known !== undefined) return known;
      const above = dirnameOf(dir);
      const folder: CopilotFolder = {
        dir,
        parent: above === dir ? undefined : memo.folder(above),
        names: COPILOT_INSTRUCTION_NAMES.map((name) => childPath(dir, name)),
        skillRoots: COPILOT_PROJECT_SKILL_ROOTS.map((r) => childPath(dir, r)),
        scans: [],
      };
      folders.set(dir, folder);
      return folder;
    },
    instructions: (folder, root) => {
      if (folder.instructions?.root === root) return folder.instructions.files;
      const files: CopilotInstructionFile[] = [];
      const scope = folder.dir === root ? "repository" : "nested";
      for (const [i, path] of folder.names.entries()) {
        const text = memo.mayHold(folder, COPILOT_INSTRUCTION_NAMES[i] as string) ? memo.text(path) : undefined;
        if (text === undefined) continue;
        const expanded = memo.expanded(path, text, root);
        files.push({ path, scope, text: expanded.text, imports: expanded.imports });
      }
      folder.instructions = { root, files };
      return files;
    },
    rules: (folder) => {
      if (folder.rulesRead) return folder.rules;
      const dir = childPath(folder.dir, COPILOT_RULES_DIR);
      const listed = memo.mayHold(folder, COPILOT_RULES_DIR) ? host.readDir(dir) : undefined;
      let rules: CopilotRuleFile[] | undefined;
      if (listed?.ok) {
        rules = [];
        for (const e of listed.value) {
          if (!e.name.endsWith(RULE_SUFFIX)) continue;
          const path = joinPath(folder.dir, COPILOT_RULES_DIR, e.name);
          const text = memo.text(path);
          if (text === undefined) continue;
          const fm = frontmatterOf(text);
          const applyTo = (fm.applyTo ?? "")
            .split(",")
            .map((p) => p.trim())
            .filter((p) => p !== "");
          rules.push({ path, text, applyTo, description: fm.description });
        }
      }
      folder.rules = rules;
      folder.rulesRead = true;
      return rules;
    },
    mayHold: (folder, path) => {
      if (path.startsWith(".github/"))
        return (folder.hasGithub ??= isDirectory(host, childPath(folder.dir, ".github")));
      if (path.startsWith(".claude/"))
        return (folder.hasDotClaude ??= isDirectory(host, childPath(folder.dir, ".claude")));
      return true;
    },
    userScan: <T>(root: string, scan: () => CopilotScan<T>) => {
      let known = userScans.get(root);
      if (known === undefined) {
        known = scan();
        userScans.set(root, known);
      }
      return known as CopilotScan<T>;
    },
  };
  return memo;
}
