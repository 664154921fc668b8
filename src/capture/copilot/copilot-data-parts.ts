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

const PROSE_KEYS = new Set(["instructions", "input", "messages", "system", "tools", "prompt_cache_key"]);

type Json = { [key: string]: unknown };

/** The instructions and the user's text of a Responses, Chat Completions or Messages body. */
export function copilotTextsOf(body: Json): { instructions: string; user: unknown } {
  if (typeof body.instructions === "string") {
    const input = body.input as { content?: { text?: unknown }[] }[] | undefined;
    return { instructions: body.instructions, user: input?.[0]?.content?.[0]?.text };
  }
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: unknown; content?: unknown }[]) : [];
  const user = messages.find((m) => m.role === "user")?.content;
  const userText = Array.isArray(user) ? (user[0] as { text?: unknown } | undefined)?.text : user;
  if (Array.isArray(body.system))
    return {
      instructions: (body.system as { text?: unknown }[]).map((b) => String(b.text)).join("\n\n"),
      user: userText,
    };
  const system = messages.find((m) => m.role === "system")?.content;
  return { instructions: typeof system === "string" ? system : "", user: userText };
}

const toolName = (t: Json) => t.name ?? (t.function as Json | undefined)?.name ?? (t.custom as Json | undefined)?.name;

export function copilotDataParts(body: Json): CopilotDataParts {
  const blanked = withoutPatternRunIds(body, copilotAdapter.runIdPatterns ?? []) as Json;
  const texts = copilotTextsOf(blanked);
  const text = texts.instructions;
  const scalars: { [key: string]: unknown } = {};
  for (const [k, v] of Object.entries(blanked)) if (!PROSE_KEYS.has(k)) scalars[k] = v;
  const skills = skillEntriesOf(text);
  const tools = Array.isArray(blanked.tools) ? (blanked.tools as Json[]) : [];
  return {
    keys: Object.keys(body),
    scalars,
    environment: environmentValueSpans(text).map((s) => text.slice(...s)),
    sessionFolder: /\S+\/session-state\//.exec(text)?.[0],
    skills: skills.filter((s) => s.location !== "builtin").map((s) => s.xml),
    builtinSkills: skills.filter((s) => s.location === "builtin").map((s) => s.name),
    customInstructions: customInstructionsOf(text),
    ruleRows: ruleRowsOf(text),
    userMessage: texts.user,
    toolNames: tools.map(toolName),
  };
}
