// Locating the data-derived pieces inside a Copilot CLI `instructions` string (a capture or a prediction): the
// `<skill>` entries of `<available_skills>`, the environment section's `* label: value` lines, the session folder,
// the custom instructions and the `applyTo` table rows. Pure; only tags and line shapes, never Copilot's prose.
import { unescapeCopilotXml } from "../../profiles/copilot/copilot-facts.js";

export interface CopilotSkillXml {
  name: string;
  description: string;
  location: string;
  /** The entry as sent. */
  xml: string;
}

const SKILL =
  /<skill>\n {2}<name>([^<]*)<\/name>\n {2}<description>([^<]*)<\/description>\n {2}<location>(\w+)<\/location>\n<\/skill>/g;
export const SESSION_FOLDER = /\S+\/session-state\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** [start, end) of the text between `<available_skills>\n` and `\n</available_skills>`. */
export function skillsSpanOf(text: string): [number, number] | undefined {
  const open = "<available_skills>\n";
  const a = text.indexOf(open);
  const b = text.indexOf("\n</available_skills>", a);
  return a < 0 || b < 0 ? undefined : [a + open.length, b];
}

export function skillEntriesOf(text: string): CopilotSkillXml[] {
  const span = skillsSpanOf(text);
  if (span === undefined) return [];
  return [...text.slice(...span).matchAll(SKILL)].map((m) => ({
    name: unescapeCopilotXml(m[1] as string),
    description: unescapeCopilotXml(m[2] as string),
    location: m[3] as string,
    xml: m[0],
  }));
}

/** The `* label: value` lines of `<environment_context>`: [start, end) of each value. */
export function environmentValueSpans(text: string): [number, number][] {
  const a = text.indexOf("<environment_context>\n");
  const b = text.indexOf("</environment_context>", a);
  if (a < 0 || b < 0) return [];
  const spans: [number, number][] = [];
  for (const m of text.slice(a, b).matchAll(/^\* [^:\n]+: ([^\n]*)$/gm)) {
    const end = a + (m.index as number) + m[0].length;
    spans.push([end - (m[1] as string).length, end]);
  }
  return spans;
}

/** Each `<custom_instruction>` block's text (imports expanded), in order. */
export function customInstructionsOf(text: string): string[] {
  return [...text.matchAll(/<custom_instruction>\n([\s\S]*?)\n<\/custom_instruction>/g)].map((m) => m[1] as string);
}

/** The `applyTo` table's rows: `| patterns | 'path' | description |`. */
export function ruleRowsOf(text: string): string[] {
  return [...text.matchAll(/^\| [^\n]* \| '[^'\n]+' \| [^\n]*\|$/gm)].map((m) => m[0]);
}
