// The <skills_instructions> developer fragment: preamble prose, the skill-root table (`r0`…) and one line per
// skill with a root-relative path, as Codex 0.171.0 lays it out. Pure.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { SkillMetadata, SkillRoot, SkillsInfo } from "../model/turn-context.js";
import { utf8Length } from "../tokens/approx.js";
import {
  fitSkillLines,
  MAX_LISTED_DESCRIPTION_CHARS,
  renderSkillLine,
  skillsBudget,
  type SkillLine,
  type SkillsBudget,
} from "./fit-skill-lines.js";

export type { SkillLine } from "./fit-skill-lines.js";
import { combineOrigins, useProse, type RenderedFragment } from "./fragment.js";
import type { ProseSet } from "./prose-set.js";
import type { RenderProseOptions } from "./render-template.js";
import { formatCount } from "../model/format-count.js";

export const SKILLS_OPEN_TAG = "<skills_instructions>";
export const SKILLS_CLOSE_TAG = "</skills_instructions>";

/** Skills the model is told about: enabled and allowed to be invoked implicitly. */
export function listedSkills(skills: SkillMetadata[]): SkillMetadata[] {
  return skills.filter((s) => s.enabled && s.allowImplicitInvocation);
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
  const used = [...new Set(skills.map((s) => s.rootIndex))]
    .filter((i) => info.roots[i] !== undefined)
    .sort((a, b) => a - b);
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

export function renderSkillsSection(preamble: string, table: SkillTable, usage?: string): string {
  const body = [
    "## Skills",
    preamble,
    "### Skill roots",
    ...table.roots.map((r) => `- \`${r.label}\` = \`${r.path}\``),
    "### Available skills",
    ...table.lines.map(renderSkillLine),
    ...(usage !== undefined && usage !== "" ? [usage] : []),
  ];
  return `${SKILLS_OPEN_TAG}\n${body.join("\n")}\n${SKILLS_CLOSE_TAG}`;
}

export interface SkillsFragmentOptions extends RenderProseOptions {
  /** Context window in tokens: 2% of it bounds the skill lines (Codex 0.171.0); unknown → 8,000 characters. */
  contextWindowTokens?: number;
  /** End the section with the `skills-usage` prose (models with `include_skills_usage_instructions`). */
  usage?: boolean;
}

function budgetText(budget: SkillsBudget, window: number | undefined): string {
  return budget.unit === "tokens"
    ? `the ${formatCount(budget.limit)}-token skills budget (2% of the ${formatCount(window ?? 0)}-token context window)`
    : `the ${formatCount(budget.limit)}-character skills budget`;
}

export function buildSkillsFragment(
  info: SkillsInfo,
  prose: ProseSet,
  options: SkillsFragmentOptions = {},
): RenderedFragment | undefined {
  const table = buildSkillTable(info);
  if (table.lines.length === 0) return undefined;
  const { contextWindowTokens, usage: withUsage, ...renderOptions } = options;
  const budget = skillsBudget(contextWindowTokens);
  const fitted = fitSkillLines(table.lines, budget);
  const diagnostics: Diagnostic[] = [];
  for (const c of fitted.capped)
    diagnostics.push(
      diagnostic(
        "skills/description-capped",
        "warning",
        `skill ${c.name}: description has ${formatCount(c.chars)} characters; Codex lists the first ${formatCount(MAX_LISTED_DESCRIPTION_CHARS - 3)} and \`...\``,
        {
          data: { skill: c.name, chars: c.chars, maxChars: MAX_LISTED_DESCRIPTION_CHARS },
        },
      ),
    );
  if (fitted.shortened > 0)
    diagnostics.push(
      diagnostic(
        "skills/descriptions-shortened",
        "warning",
        `${fitted.shortened} of ${table.lines.length} skill descriptions shortened by ${formatCount(fitted.charsCut)} characters in all to fit ${budgetText(budget, contextWindowTokens)}`,
        {
          data: {
            shortened: fitted.shortened,
            skills: table.lines.length,
            charsCut: fitted.charsCut,
            budget: budget.limit,
            unit: budget.unit,
          },
        },
      ),
    );
  if (fitted.omitted.length > 0)
    diagnostics.push(
      diagnostic(
        "skills/omitted",
        "warning",
        `${fitted.omitted.length} skills left out of the list: even without descriptions the lines exceed ${budgetText(budget, contextWindowTokens)}`,
        {
          data: { omitted: fitted.omitted, budget: budget.limit, unit: budget.unit },
        },
      ),
    );
  const pre = useProse(prose, "skills-preamble", { skillCount: fitted.lines.length }, renderOptions);
  const preamble = pre.text.replace(/\n+$/, "");
  const use = withUsage ? useProse(prose, "skills-usage", {}, renderOptions) : undefined;
  // Bytes kept per skill: name + the description as listed (0 when the budget left the skill out).
  const keptByIndex = new Map(fitted.lines.map((l) => [l.file, utf8Length(l.name) + utf8Length(l.description)]));
  const sources = listedSkills(info.skills).map((s, i) => ({
    path: s.path,
    bytesIn: utf8Length(s.contents),
    bytesKept: keptByIndex.get(table.lines[i]?.file ?? "") ?? 0,
  }));
  return {
    id: "skills",
    layer: "developer",
    text: renderSkillsSection(preamble, { roots: table.roots, lines: fitted.lines }, use?.text.replace(/\n+$/, "")),
    sources,
    templates: use ? ["skills-preamble", "skills-usage"] : ["skills-preamble"],
    prose: combineOrigins([pre.entry?.origin ?? "data", ...(use ? [use.entry?.origin ?? "stand-in"] : [])]),
    diagnostics: [...diagnostics, ...pre.diagnostics, ...(use?.diagnostics ?? [])],
  };
}
