// The skills Claude Code lists at session start: `~/.claude/skills`, then `.claude/skills` in the cwd and each
// ancestor up to the git root (cwd first; every ancestor outside git), each folder's skills sorted by name, then
// the legacy `.claude/commands/*.md` the same way. IO through the Host only. Observed with 2.1.332 (captures of
// scratch workspaces, not committed): one level only (`skills/<dir>/SKILL.md`); a skill is listed under its
// folder's name, with its frontmatter `name` in parentheses when that differs, has no blank and names no other
// listed skill; the description falls back to the body's first line; `disable-model-invocation: true` leaves a
// skill out; a commands subfolder is a `sub:name` prefix; a skills folder above the git root is not read.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { parseYamlFrontmatter } from "../parse-yaml-frontmatter.js";
import { joinPath, normalizePath } from "../paths.js";
import { isDirectory, isFile } from "../path-kind.js";
import {
  type ClaudeChainFolder,
  type ClaudeFolderMemo,
  type ClaudeScan,
  type ClaudeScans,
  createClaudeFolderMemo,
} from "./claude-folder-memo.js";
import { splitFrontmatter } from "./parse-claude-md.js";

export interface ClaudeSkill {
  /** The listed id: the skill's folder name (a command's path under `commands/`, `:`-joined, without `.md`). */
  name: string;
  /** The frontmatter `name`, shown in parentheses after the id (only when Claude Code shows it). */
  displayName?: string;
  description: string;
  path: string;
  scope: "user" | "project";
  kind: "skill" | "command";
}

export interface ClaudeSkillsResult {
  skills: ClaudeSkill[];
  /** The skills folders looked at, in order. */
  roots: string[];
  diagnostics: Diagnostic[];
}

const utf8 = new TextDecoder("utf-8");

function firstLine(body: string): string {
  for (const line of body.split(/\r?\n/)) {
    const t = line.trim();
    if (t !== "") return t.replace(/^#+\s*/, "");
  }
  return "";
}

/** Claude Code's reading of frontmatter YAML cannot parse: `key: value` lines, the value as written. */
export function parseFrontmatterLines(block: string): { [key: string]: unknown } {
  const out: { [key: string]: unknown } = {};
  for (const line of block.split(/\r?\n/)) {
    const m = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (m) out[m[1] as string] = (m[2] as string).trim();
  }
  return out;
}

/** A frontmatter scalar as text: strings as they are, numbers and booleans spelled out, anything else absent. */
function scalarText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/** Observed: runs of line breaks and tabs become one space, then the ends are trimmed (inner spaces stay). */
export function normalizeClaudeSkillDescription(text: string): string {
  return text.replace(/[\r\n\t]+/g, " ").trim();
}

interface SkillFile {
  fields: { [key: string]: unknown };
  body: string;
}

function readSkillFile(host: Host, path: string, diagnostics: Diagnostic[]): SkillFile | undefined {
  const r = host.readBytes(path);
  if (!r.ok) return undefined;
  const { frontmatter, body } = splitFrontmatter(utf8.decode(r.value.bytes).replace(/^\uFEFF/, ""));
  let fields: { [key: string]: unknown } = {};
  if (frontmatter !== undefined) {
    try {
      const parsed: unknown = parseYamlFrontmatter(frontmatter);
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed))
        fields = parsed as { [key: string]: unknown };
    } catch (err) {
      fields = parseFrontmatterLines(frontmatter);
      diagnostics.push(
        diagnostic(
          "claude-skill/bad-frontmatter",
          "warning",
          `${path}: frontmatter is not valid YAML (${String((err as Error).message).split("\n")[0]}); Claude Code reads its \`key: value\` lines as plain text`,
          { file: path },
        ),
      );
    }
  }
  return { fields, body };
}

function toSkill(
  file: SkillFile,
  path: string,
  id: string,
  scope: ClaudeSkill["scope"],
  kind: ClaudeSkill["kind"],
  diagnostics: Diagnostic[],
): ClaudeSkill | undefined {
  if (file.fields["disable-model-invocation"] === true) {
    diagnostics.push(
      diagnostic(
        "claude-skill/model-invocation-disabled",
        "info",
        `${path} has disable-model-invocation: true; Claude Code leaves it out of the model's skill list`,
        { file: path },
      ),
    );
    return undefined;
  }
  const given = scalarText(file.fields.description);
  const description = normalizeClaudeSkillDescription(
    given !== undefined && given.trim() !== "" ? given : firstLine(file.body),
  );
  const skill: ClaudeSkill = { name: id, description, path, scope, kind };
  const name = scalarText(file.fields.name);
  if (name !== undefined && name !== "" && name !== id) skill.displayName = name;
  return skill;
}

function scanSkills(host: Host, root: string, scope: ClaudeSkill["scope"], diagnostics: Diagnostic[]): ClaudeSkill[] {
  const listed = host.readDir(root);
  if (!listed.ok) return [];
  const out: ClaudeSkill[] = [];
  for (const e of listed.value) {
    const dir = joinPath(root, e.name);
    const file = joinPath(dir, "SKILL.md");
    if (!isDirectory(host, dir) || !isFile(host, file)) continue;
    const read = readSkillFile(host, file, diagnostics);
    const skill = read && toSkill(read, file, e.name, scope, "skill", diagnostics);
    if (skill) out.push(skill);
  }
  return out.sort((a, b) => compareSkillNames(a.name, b.name));
}

/** `commands/*.md`, subfolders as `sub:name`. */
function scanCommands(
  host: Host,
  root: string,
  scope: ClaudeSkill["scope"],
  diagnostics: Diagnostic[],
  prefix = "",
): ClaudeSkill[] {
  const listed = host.readDir(root);
  if (!listed.ok) return [];
  const out: ClaudeSkill[] = [];
  for (const e of listed.value) {
    const path = joinPath(root, e.name);
    if (isDirectory(host, path)) out.push(...scanCommands(host, path, scope, diagnostics, `${prefix}${e.name}:`));
    else if (e.name.endsWith(".md") && isFile(host, path)) {
      const read = readSkillFile(host, path, diagnostics);
      const skill = read && toSkill(read, path, prefix + e.name.slice(0, -3), scope, "command", diagnostics);
      if (skill) out.push(skill);
    }
  }
  return prefix === "" ? out.sort((a, b) => compareSkillNames(a.name, b.name)) : out;
}

/** Name order as observed (`alpha`, `Mixed`, `nodesc`): case-insensitive, then by code unit. */
export function compareSkillNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

const NO_SCANS: { skill: ClaudeScan<ClaudeSkill>; command: ClaudeScan<ClaudeSkill> } = {
  skill: { found: [], diagnostics: [] },
  command: { found: [], diagnostics: [] },
};

/** One scan after another (either alone when the other found and said nothing). */
function joinScans<T>(a: ClaudeScan<T>, b: ClaudeScan<T>): ClaudeScan<T> {
  if (a.found.length === 0 && a.diagnostics.length === 0) return b;
  if (b.found.length === 0 && b.diagnostics.length === 0) return a;
  return { found: [...a.found, ...b.found], diagnostics: [...a.diagnostics, ...b.diagnostics] };
}

export function discoverClaudeSkills(
  host: Host,
  options: { cwd: string; home?: string; gitRoot?: string; memo?: ClaudeFolderMemo },
): ClaudeSkillsResult {
  const memo =
    options.memo !== undefined && options.memo.host === host && options.memo.home === options.home
      ? options.memo
      : createClaudeFolderMemo(host, options.home);
  const diagnostics: Diagnostic[] = [];
  const cwd = normalizePath(options.cwd);
  const gitRoot = options.gitRoot !== undefined ? normalizePath(options.gitRoot) : undefined;
  const scanOf = (scans: ClaudeScans, kind: "skill" | "command", root: string, scope: ClaudeSkill["scope"]) =>
    memo.scan(scans, kind, (said) =>
      kind === "skill" ? scanSkills(host, root, scope, said) : scanCommands(host, root, scope, said),
    ) as ClaudeScan<ClaudeSkill>;
  // The project folders from the cwd up to the git root (every ancestor outside git), each scanned once per run;
  // a folder's walk is its own scans then its parent's walk, kept with it for the launches below it.
  const upward = (dir: ClaudeChainFolder): { skill: ClaudeScan<ClaudeSkill>; command: ClaudeScan<ClaudeSkill> } => {
    const known = dir.scans.upward;
    if (known !== undefined && known.gitRoot === gitRoot) return known as ReturnType<typeof upward>;
    const own = dir.hasDotClaude
      ? {
          skill: scanOf(dir.scans, "skill", dir.skills, "project"),
          command: scanOf(dir.scans, "command", dir.commands, "project"),
        }
      : NO_SCANS;
    const walk =
      dir.parent === undefined || dir.dir === gitRoot
        ? own
        : {
            skill: joinScans(own.skill, upward(dir.parent).skill),
            command: joinScans(own.command, upward(dir.parent).command),
          };
    dir.scans.upward = { gitRoot, ...walk };
    return walk;
  };
  const user = options.home !== undefined ? memo.user(options.home) : undefined;
  const here = memo.folder(cwd);
  const walk = upward(here);
  const found: ClaudeSkill[] = [];
  // Copied, as the display names below are edited.
  const take = (scan: ClaudeScan<ClaudeSkill>) => {
    for (const x of scan.diagnostics) diagnostics.push(x);
    for (const s of scan.found) found.push({ ...s });
  };
  if (user !== undefined) take(scanOf(user.scans, "skill", user.skills, "user"));
  take(walk.skill);
  if (user !== undefined) take(scanOf(user.scans, "command", user.commands, "user"));
  take(walk.command);
  const roots = user !== undefined ? [user.skills] : [];
  for (let dir: ClaudeChainFolder | undefined = here; dir !== undefined; dir = dir.parent) {
    roots.push(dir.skills);
    if (gitRoot !== undefined && dir.dir === gitRoot) break;
  }
  const skills: ClaudeSkill[] = [];
  const ids = new Set<string>();
  for (const skill of found) {
    if (ids.has(skill.name)) {
      diagnostics.push(
        diagnostic(
          "claude-skill/duplicate-name",
          "info",
          `${skill.path}: a skill named ${skill.name} is already listed; Claude Code keeps the first`,
          { file: skill.path },
        ),
      );
      continue;
    }
    ids.add(skill.name);
    skills.push(skill);
  }
  // The frontmatter name is shown only when it is one word that no listed skill goes by.
  for (const skill of skills)
    if (skill.displayName !== undefined && (/\s/.test(skill.displayName) || ids.has(skill.displayName)))
      delete skill.displayName;
  return { skills, roots, diagnostics };
}
