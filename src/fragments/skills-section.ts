// The <skills_instructions> developer fragment: preamble prose, the skill-root table (`r0`…) and one line per
// skill with a root-relative path, as Codex 0.171.0 lays it out. Pure.
import type { SkillMetadata, SkillRoot, SkillsInfo } from "../model/turn-context.js";
import { utf8Length } from "../tokens/approx.js";
import { useProse, type RenderedFragment } from "./fragment.js";
import type { ProseSet } from "./prose-set.js";
import type { RenderProseOptions } from "./render-template.js";

export const SKILLS_OPEN_TAG = "<skills_instructions>";
export const SKILLS_CLOSE_TAG = "</skills_instructions>";

/** Skills the model is told about: enabled and allowed to be invoked implicitly. */
export function listedSkills(skills: SkillMetadata[]): SkillMetadata[] {
  return skills.filter((s) => s.enabled && s.allowImplicitInvocation);
}

export interface SkillLine {
  name: string;
  description: string;
  /** `r<k>/<dir>/SKILL.md`, or the absolute path when the skill is not under its root. */
  file: string;
}

export interface SkillTable {
  roots: { label: string; path: string }[];
  lines: SkillLine[];
}

function relativeTo(root: string, path: string): string | undefined {
  const base = root.endsWith("/") ? root : `${root}/`;
  return path.startsWith(base) ? path.slice(base.length) : undefined;
}

/** Roots that hold at least one listed skill, labelled in root order; skill lines keep the given order. */
export function buildSkillTable(info: SkillsInfo): SkillTable {
  const skills = listedSkills(info.skills);
  const used = [...new Set(skills.map((s) => s.rootIndex))].filter((i) => info.roots[i] !== undefined).sort((a, b) => a - b);
  const label = new Map(used.map((i, k) => [i, `r${k}`]));
  const roots = used.map((i) => ({ label: label.get(i) ?? "", path: (info.roots[i] as SkillRoot).path }));
  const lines = skills.map((s) => {
    const root = info.roots[s.rootIndex];
    const rel = root ? relativeTo(root.path, s.path) : undefined;
    const file = (rel !== undefined ? `${label.get(s.rootIndex)}/${rel}` : s.path).replace(/\\/g, "/");
    return { name: s.name, description: s.description, file };
  });
  return { roots, lines };
}

export function renderSkillsSection(preamble: string, table: SkillTable): string {
  const body = [
    "## Skills",
    preamble,
    "### Skill roots",
    ...table.roots.map((r) => `- \`${r.label}\` = \`${r.path}\``),
    "### Available skills",
    ...table.lines.map((l) => `- ${l.name}: ${l.description} (file: ${l.file})`),
  ];
  return `${SKILLS_OPEN_TAG}\n${body.join("\n")}\n${SKILLS_CLOSE_TAG}`;
}

export function buildSkillsFragment(info: SkillsInfo, prose: ProseSet, options: RenderProseOptions = {}): RenderedFragment | undefined {
  const table = buildSkillTable(info);
  if (table.lines.length === 0) return undefined;
  const pre = useProse(prose, "skills-preamble", { skillCount: table.lines.length }, options);
  const preamble = pre.text.replace(/\n+$/, "");
  const sources = listedSkills(info.skills).map((s) => {
    const meta = utf8Length(s.name) + utf8Length(s.description);
    return { path: s.path, bytesIn: utf8Length(s.contents), bytesKept: meta };
  });
  return {
    id: "skills",
    layer: "developer",
    text: renderSkillsSection(preamble, table),
    sources,
    templates: ["skills-preamble"],
    prose: pre.entry?.origin ?? "data",
    diagnostics: pre.diagnostics,
  };
}
