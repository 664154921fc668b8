// Copilot CLI 1.0.102's `instructions` string: the prose template with its data slots filled — the skills
// listing, the custom instructions (each `<custom_instruction>\n<text>\n</custom_instruction>`, then the inlined
// `.instructions.md` files, joined by blank lines, then the `applyTo` table), the environment facts and the
// session folder. Pure. The separators around the custom instructions are measured (four cases, see
// test/profiles/copilot/render-copilot-instructions.test.ts).
import { escapeXmlEntities } from "../xml-entities.js";
import { COPILOT_NO_GIT_ROOT, COPILOT_VERSION, copilotSessionFolder } from "./copilot-facts.js";
import type { CopilotProse } from "./copilot-prose.js";
import type { CopilotTurn } from "./copilot-turn.js";

export interface CopilotInstructionsText {
  text: string;
  /** [start, end) of the skills entries and of the custom-instructions block in `text`. */
  skillsSpan: [number, number];
  customSpan: [number, number];
}

export function renderCopilotSkills(turn: CopilotTurn, prose: CopilotProse): string {
  const entries = [
    ...turn.skills.map((s) => ({ name: s.name, description: s.description, location: s.location as string })),
    ...prose.builtinSkills.map((s) => ({ ...s, location: "builtin" })),
  ];
  return entries.map(renderCopilotSkillEntry).join("\n");
}

/** One `<skill>` of Copilot CLI's skills listing. */
export function renderCopilotSkillEntry(s: { name: string; description: string; location: string }): string {
  return `<skill>\n  <name>${escapeXmlEntities(s.name)}</name>\n  <description>${escapeXmlEntities(s.description)}</description>\n  <location>${s.location}</location>\n</skill>`;
}

/** The block between the tools section and the fixed text after it (a lone newline when there is nothing). */
export function renderCopilotCustomInstructions(turn: CopilotTurn, prose: CopilotProse): string {
  const parts = [
    ...turn.customInstructions.map((f) => `<custom_instruction>\n${f.text}\n</custom_instruction>`),
    ...turn.inlinedInstructions.map((f) => f.text),
  ].join("\n\n");
  if (turn.instructionRules.length === 0) return `${parts}\n`;
  const rows = turn.instructionRules
    .map((r) => `| ${r.applyTo.join(", ")} | '${r.displayPath}' | ${r.description} |`)
    .join("\n");
  const table = `${prose.ruleTableIntro}${rows}`;
  return parts === "" ? `${table}\n` : `${parts}\n\n${table}\n\n`;
}

export function renderCopilotInstructions(turn: CopilotTurn, prose: CopilotProse): CopilotInstructionsText {
  const values: { [slot: string]: string } = {
    version: COPILOT_VERSION,
    model: turn.model,
    cwd: turn.cwd,
    gitRoot: turn.gitRoot ?? COPILOT_NO_GIT_ROOT,
    os: turn.os,
    availableTools: turn.availableTools.join(", "),
    skills: renderCopilotSkills(turn, prose),
    customInstructions: renderCopilotCustomInstructions(turn, prose),
    sessionFolder: copilotSessionFolder(turn.copilotHome, turn.sessionId),
  };
  let text = "";
  const spans: { [slot: string]: [number, number] } = {};
  let last = 0;
  for (const m of prose.instructions.matchAll(/\{\{(\w+)\}\}/g)) {
    const slot = m[1] as string;
    const value = values[slot];
    if (value === undefined) continue;
    text += prose.instructions.slice(last, m.index);
    spans[slot] = [text.length, text.length + value.length];
    text += value;
    last = m.index + m[0].length;
  }
  text += prose.instructions.slice(last);
  return { text, skillsSpan: spans.skills ?? [0, 0], customSpan: spans.customInstructions ?? [0, 0] };
}
