// The data-derived parts of a Copilot CLI request body (a capture or promptc's prediction): keys and settings,
// the environment facts, the session folder's place, the skills (entries of the user's in full, the built-ins
// by name), the custom instructions, the applyTo rows, the user message and the tool names. Pure.
import { withoutPatternRunIds } from "../compare-wire-bodies.js";
import { copilotAdapter } from "../adapters/copilot.js";
import {
  customInstructionsOf,
  environmentValueSpans,
  ruleRowsOf,
  skillEntriesOf,
} from "./copilot-instructions-parts.js";

export interface CopilotDataParts {
  keys: string[];
  scalars: { [key: string]: unknown };
  environment: string[];
  sessionFolder: string | undefined;
  skills: string[];
  builtinSkills: string[];
  customInstructions: string[];
  ruleRows: string[];
  userMessage: unknown;
  toolNames: unknown[];
}

const PROSE_KEYS = new Set(["instructions", "input", "tools", "prompt_cache_key"]);

export function copilotDataParts(body: { [key: string]: unknown }): CopilotDataParts {
  const blanked = withoutPatternRunIds(body, copilotAdapter.runIdPatterns ?? []) as { [key: string]: unknown };
  const text = typeof blanked.instructions === "string" ? blanked.instructions : "";
  const scalars: { [key: string]: unknown } = {};
  for (const [k, v] of Object.entries(blanked)) if (!PROSE_KEYS.has(k)) scalars[k] = v;
  const skills = skillEntriesOf(text);
  const input = blanked.input as { content?: { text?: unknown }[] }[] | undefined;
  const tools = Array.isArray(blanked.tools) ? (blanked.tools as { name?: unknown }[]) : [];
  return {
    keys: Object.keys(body),
    scalars,
    environment: environmentValueSpans(text).map((s) => text.slice(...s)),
    sessionFolder: /\S+\/session-state\//.exec(text)?.[0],
    skills: skills.filter((s) => s.location !== "builtin").map((s) => s.xml),
    builtinSkills: skills.filter((s) => s.location === "builtin").map((s) => s.name),
    customInstructions: customInstructionsOf(text),
    ruleRows: ruleRowsOf(text),
    userMessage: input?.[0]?.content?.[0]?.text,
    toolNames: tools.map((t) => t.name),
  };
}
