// The items appended before a new user message when settings changed since the reference context: model switch,
// permissions re-render, (promptc) developer instructions, then the environment diff. Pure.
import type { Diagnostic } from "../model/diagnostic.js";
import type { MessageItem } from "../model/items.js";
import { renderAgentsMd } from "../fragments/agents-md.js";
import { useProse } from "../fragments/fragment.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { Profile } from "../profiles/profile.js";
import { renderEnvironmentDiff } from "./environment-diff.js";
import type { ReferenceContext } from "./reference-context.js";

export const MODEL_SWITCH_OPEN_TAG = "<model_switch>";
export const MODEL_SWITCH_CLOSE_TAG = "</model_switch>";

export type SettingsUpdateReason = "model-switch" | "permissions" | "developer-instructions" | "agents-md" | "environment";

export interface SettingsUpdate {
  /** Messages to append, in order (without ids; the session assigns them). */
  items: MessageItem[];
  /** Why each item was sent, parallel to `items` (a bundled message has one reason per part). */
  reasons: SettingsUpdateReason[][];
  /** Prose problems (a prose set without `model-switch`, `agents-md-replaced` or `agents-md-removed`, a bad template). */
  diagnostics: Diagnostic[];
}

/** One sentence of the profile's prose (templates/<profile>/<id>.hbs), trimmed; problems go to `diagnostics`. */
function sentence(prose: ProseSet, id: "model-switch" | "agents-md-replaced" | "agents-md-removed", diagnostics: Diagnostic[]): string {
  const r = useProse(prose, id, {});
  diagnostics.push(...r.diagnostics);
  return r.text.trim();
}

function modelSwitchText(prose: ProseSet, instructions: string, diagnostics: Diagnostic[]): string {
  return `${MODEL_SWITCH_OPEN_TAG}\n${sentence(prose, "model-switch", diagnostics)}\n\n${instructions}\n${MODEL_SWITCH_CLOSE_TAG}`;
}

/** The heading 0.171.0 sends when AGENTS.md instructions were withdrawn: no directory (matchFragment knows it). */
export const AGENTS_MD_WITHDRAWN_HEADING = "# AGENTS.md instructions";

/**
 * The AGENTS.md part when the instructions changed since the reference (Codex 0.171.0, captured): new docs
 * after old ones carry a replacement sentence before the text; docs that disappeared leave a heading without
 * a directory and a withdrawal sentence; docs where there were none are sent as in the initial context.
 */
export function renderAgentsMdUpdate(prev: ReferenceContext, cur: ReferenceContext, prose: ProseSet, diagnostics: Diagnostic[] = []): string | undefined {
  const before = prev.agentsMd === undefined ? undefined : renderAgentsMd(prev.cwd, prev.agentsMd);
  const after = cur.agentsMd === undefined ? undefined : renderAgentsMd(cur.cwd, cur.agentsMd);
  if (before === after) return undefined;
  if (cur.agentsMd === undefined) return `${AGENTS_MD_WITHDRAWN_HEADING}\n\n<INSTRUCTIONS>\n${sentence(prose, "agents-md-removed", diagnostics)}\n</INSTRUCTIONS>`;
  if (prev.agentsMd === undefined) return after;
  return renderAgentsMd(cur.cwd, `${sentence(prose, "agents-md-replaced", diagnostics)}\n\n${cur.agentsMd}`);
}

const developer = (texts: string[]): MessageItem => ({ type: "message", role: "developer", content: texts.map((text) => ({ type: "input_text", text })) });

/**
 * codex: each developer section is its own message (0.171.0 sent model_switch and permissions as two items);
 * promptc: one developer message with a part per section. Both: the environment diff is one user message.
 */
export function buildSettingsUpdate(prev: ReferenceContext, cur: ReferenceContext, profile: Profile, prose: ProseSet): SettingsUpdate {
  const diagnostics: Diagnostic[] = [];
  const parts: { reason: SettingsUpdateReason; text: string }[] = [];
  if (prev.model !== cur.model && cur.modelInstructions !== "") {
    parts.push({ reason: "model-switch", text: modelSwitchText(prose, cur.modelInstructions, diagnostics) });
  }
  if (prev.permissions !== cur.permissions) parts.push({ reason: "permissions", text: cur.permissions });
  // codex: 0.171.0 keeps no baseline for config `developer_instructions` (its world_state has none), so a change,
  // addition or removal sends nothing; the new text only reaches the model when compaction re-injects the
  // initial context (captured, /tmp/promptc-team/h3/dev). promptc re-sends changed or added text; a removal
  // sends nothing (there is no sentence for it yet), like codex.
  if (profile.id === "promptc" && cur.developerInstructions !== undefined && prev.developerInstructions !== cur.developerInstructions) {
    parts.push({ reason: "developer-instructions", text: cur.developerInstructions });
  }
  const separate = profile.id === "codex";
  const items: MessageItem[] = separate ? parts.map((p) => developer([p.text])) : parts.length ? [developer(parts.map((p) => p.text))] : [];
  const reasons: SettingsUpdateReason[][] = separate ? parts.map((p) => [p.reason]) : parts.length ? [parts.map((p) => p.reason)] : [];
  // One contextual user message, like the initial context: [AGENTS.md?, environment?].
  const context: { reason: SettingsUpdateReason; text: string }[] = [];
  const agents = renderAgentsMdUpdate(prev, cur, prose, diagnostics);
  if (agents !== undefined) context.push({ reason: "agents-md", text: agents });
  const env = renderEnvironmentDiff(prev, cur, profile.id === "codex" ? "codex" : "promptc");
  if (env !== undefined) context.push({ reason: "environment", text: env });
  if (context.length) {
    items.push({ type: "message", role: "user", content: context.map((c) => ({ type: "input_text", text: c.text })) });
    reasons.push(context.map((c) => c.reason));
  }
  return { items, reasons, diagnostics };
}
