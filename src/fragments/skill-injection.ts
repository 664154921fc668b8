// The <skill> injection message for an explicitly mentioned skill: the whole SKILL.md, frontmatter included. Pure.
import type { SkillMetadata } from "../model/turn-context.js";
import { utf8Length } from "../tokens/approx.js";
import type { RenderedFragment } from "./fragment.js";

export function renderSkillInjection(name: string, path: string, contents: string): string {
  return `<skill>\n<name>${name}</name>\n<path>${path}</path>\n${contents}\n</skill>`;
}

export function buildSkillInjectionFragment(skill: SkillMetadata): RenderedFragment {
  const bytes = utf8Length(skill.contents);
  return {
    id: `skill-injection:${skill.name}`,
    layer: "skill-injection",
    text: renderSkillInjection(skill.name, skill.path, skill.contents),
    sources: [{ path: skill.path, bytesIn: bytes, bytesKept: bytes }],
    templates: [],
    prose: "data",
    diagnostics: [],
  };
}
