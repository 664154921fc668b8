// The items appended before a new user message when settings changed since the reference context: model switch,
// permissions re-render, (promptc) developer instructions, then the environment diff. Pure.
import type { MessageItem } from "../model/items.js";
import { renderAgentsMd } from "../fragments/agents-md.js";
import { useProse } from "../fragments/fragment.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { Profile } from "../profiles/profile.js";
import { renderEnvironmentDiff } from "./environment-diff.js";
import type { ReferenceContext } from "./reference-context.js";

export const MODEL_SWITCH_OPEN_TAG = "<model_switch>";
export const MODEL_SWITCH_CLOSE_TAG = "</model_switch>";

/** promptc's own wording, used when the profile's prose has no `model-switch` entry. */
export const DEFAULT_MODEL_SWITCH_PREAMBLE =
  "The conversation continues on a different model than before. From here on, follow these instructions:";

/** promptc's wording for a changed / withdrawn AGENTS.md, used when the prose has no entry of its own. */
export const DEFAULT_AGENTS_MD_REPLACED = "These AGENTS.md instructions take the place of any AGENTS.md instructions given earlier.";
export const DEFAULT_AGENTS_MD_REMOVED = "The AGENTS.md instructions given earlier are withdrawn.";

export type SettingsUpdateReason = "model-switch" | "permissions" | "developer-instructions" | "agents-md" | "environment";

export interface SettingsUpdate {
  /** Messages to append, in order (without ids; the session assigns them). */
  items: MessageItem[];
  /** Why each item was sent, parallel to `items` (a bundled message has one reason per part). */
  reasons: SettingsUpdateReason[][];
}

function modelSwitchText(prose: ProseSet, instructions: string): string {
  const preamble = prose.entries["model-switch"] ? useProse(prose, "model-switch", {}).text.trimEnd() : DEFAULT_MODEL_SWITCH_PREAMBLE;
  return `${MODEL_SWITCH_OPEN_TAG}\n${preamble}\n\n${instructions}\n${MODEL_SWITCH_CLOSE_TAG}`;
}

function proseOr(prose: ProseSet, id: string, fallback: string): string {
  return prose.entries[id] ? useProse(prose, id, {}).text.trim() : fallback;
}

/**
 * The AGENTS.md part when the instructions changed since the reference (Codex 0.171.0, captured): new docs
 * after old ones carry a replacement sentence before the text; docs that disappeared leave a heading without
 * a directory and a withdrawal sentence; docs where there were none are sent as in the initial context.
 */
export function renderAgentsMdUpdate(prev: ReferenceContext, cur: ReferenceContext, prose: ProseSet): string | undefined {
  const before = prev.agentsMd === undefined ? undefined : renderAgentsMd(prev.cwd, prev.agentsMd);
  const after = cur.agentsMd === undefined ? undefined : renderAgentsMd(cur.cwd, cur.agentsMd);
  if (before === after) return undefined;
  if (cur.agentsMd === undefined) return `# AGENTS.md instructions\n\n<INSTRUCTIONS>\n${proseOr(prose, "agents-md-removed", DEFAULT_AGENTS_MD_REMOVED)}\n</INSTRUCTIONS>`;
  if (prev.agentsMd === undefined) return after;
  return renderAgentsMd(cur.cwd, `${proseOr(prose, "agents-md-replaced", DEFAULT_AGENTS_MD_REPLACED)}\n\n${cur.agentsMd}`);
}

const developer = (texts: string[]): MessageItem => ({ type: "message", role: "developer", content: texts.map((text) => ({ type: "input_text", text })) });

/**
 * codex: each developer section is its own message (0.171.0 sent model_switch and permissions as two items);
 * promptc: one developer message with a part per section. Both: the environment diff is one user message.
 */
export function buildSettingsUpdate(prev: ReferenceContext, cur: ReferenceContext, profile: Profile, prose: ProseSet): SettingsUpdate {
  const parts: { reason: SettingsUpdateReason; text: string }[] = [];
  if (prev.model !== cur.model && cur.modelInstructions !== "") {
    parts.push({ reason: "model-switch", text: modelSwitchText(prose, cur.modelInstructions) });
  }
  if (prev.permissions !== cur.permissions) parts.push({ reason: "permissions", text: cur.permissions });
  if (profile.id === "promptc" && cur.developerInstructions !== undefined && prev.developerInstructions !== cur.developerInstructions) {
    parts.push({ reason: "developer-instructions", text: cur.developerInstructions });
  }
  const separate = profile.id === "codex";
  const items: MessageItem[] = separate ? parts.map((p) => developer([p.text])) : parts.length ? [developer(parts.map((p) => p.text))] : [];
  const reasons: SettingsUpdateReason[][] = separate ? parts.map((p) => [p.reason]) : parts.length ? [parts.map((p) => p.reason)] : [];
  // One contextual user message, like the initial context: [AGENTS.md?, environment?].
  const context: { reason: SettingsUpdateReason; text: string }[] = [];
  const agents = renderAgentsMdUpdate(prev, cur, prose);
  if (agents !== undefined) context.push({ reason: "agents-md", text: agents });
  const env = renderEnvironmentDiff(prev, cur, profile.id === "codex" ? "codex" : "promptc");
  if (env !== undefined) context.push({ reason: "environment", text: env });
  if (context.length) {
    items.push({ type: "message", role: "user", content: context.map((c) => ({ type: "input_text", text: c.text })) });
    reasons.push(context.map((c) => c.reason));
  }
  return { items, reasons };
}
