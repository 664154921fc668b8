// The skills Claude Code lists at session start: `~/.claude/skills`, then `.claude/skills` in the cwd and each
// ancestor up to the git root (cwd first), each folder's skills sorted by name. IO through the Host only.
// Observed with 2.1.332: one level only (`skills/<dir>/SKILL.md`); the name falls back to the folder's name and
// the description to the body's first line; a skills folder above the git root is not read.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { parse as parseYaml } from "yaml";
import { ancestorsOf, joinPath, normalizePath } from "../paths.js";
import { splitFrontmatter } from "./parse-claude-md.js";

export interface ClaudeSkill {
  name: string;
  description: string;
  path: string;
  scope: "user" | "project";
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

function readSkill(
  host: Host,
  path: string,
  dirName: string,
  scope: ClaudeSkill["scope"],
  diagnostics: Diagnostic[],
): ClaudeSkill | undefined {
  const r = host.readBytes(path);
  if (!r.ok) return undefined;
  const { frontmatter, body } = splitFrontmatter(utf8.decode(r.value.bytes).replace(/^\uFEFF/, ""));
  let fields: { [key: string]: unknown } = {};
  if (frontmatter !== undefined) {
    try {
      const parsed: unknown = parseYaml(frontmatter);
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed))
        fields = parsed as { [key: string]: unknown };
    } catch (err) {
      diagnostics.push(
        diagnostic(
          "claude-skill/bad-frontmatter",
          "warning",
          `${path}: frontmatter is not valid YAML (${String((err as Error).message).split("\n")[0]})`,
          { file: path },
        ),
      );
    }
  }
  const name = typeof fields.name === "string" && fields.name !== "" ? fields.name : dirName;
  // Observed: line breaks in a description become single spaces and the ends are trimmed (`>` folded text, "a\nb").
  const description = (typeof fields.description === "string" ? fields.description : firstLine(body))
    .replace(/[ \t]*\r?\n[ \t]*/g, " ")
    .trim();
  return { name, description, path, scope };
}

function scanRoot(host: Host, root: string, scope: ClaudeSkill["scope"], diagnostics: Diagnostic[]): ClaudeSkill[] {
  const listed = host.readDir(root);
  if (!listed.ok) return [];
  const out: ClaudeSkill[] = [];
  for (const e of listed.value) {
    const dir = joinPath(root, e.name);
    const st = host.stat(dir);
    if (!st.ok || st.value.kind !== "directory") continue;
    const file = joinPath(dir, "SKILL.md");
    const fst = host.stat(file);
    if (!fst.ok || fst.value.kind !== "file") continue;
    const skill = readSkill(host, file, e.name, scope, diagnostics);
    if (skill) out.push(skill);
  }
  return out.sort((a, b) => compareSkillNames(a.name, b.name));
}

/** Name order as observed (`alpha`, `Mixed`, `nodesc`): case-insensitive, then by code unit. */
export function compareSkillNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function discoverClaudeSkills(
  host: Host,
  options: { cwd: string; home?: string; gitRoot?: string },
): ClaudeSkillsResult {
  const diagnostics: Diagnostic[] = [];
  const roots: { path: string; scope: ClaudeSkill["scope"] }[] = [];
  if (options.home !== undefined) roots.push({ path: joinPath(options.home, ".claude", "skills"), scope: "user" });
  const cwd = normalizePath(options.cwd);
  for (const dir of ancestorsOf(cwd)) {
    roots.push({ path: joinPath(dir, ".claude", "skills"), scope: "project" });
    if (options.gitRoot === undefined || dir === normalizePath(options.gitRoot)) break;
  }
  const skills: ClaudeSkill[] = [];
  const names = new Set<string>();
  for (const root of roots) {
    for (const skill of scanRoot(host, root.path, root.scope, diagnostics)) {
      if (names.has(skill.name)) {
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
      names.add(skill.name);
      skills.push(skill);
    }
  }
  return { skills, roots: roots.map((r) => r.path), diagnostics };
}
