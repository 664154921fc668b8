// The items appended before a new user message when settings changed since the reference context: model switch,
// AGENTS.md, permissions re-render, developer instructions (profiles that re-send them), then the environment
// diff, grouped into messages as the profile's session behaviour says. Pure.
import type { Diagnostic } from "../model/diagnostic.js";
import type { MessageItem } from "../model/items.js";
import { renderAgentsMd } from "../fragments/agents-md.js";
import { useProse } from "../fragments/fragment.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { Profile, SessionBehaviour } from "../profiles/profile.js";
import { renderEnvironmentDiff } from "./environment-diff.js";
import type { ReferenceContext } from "./reference-context.js";

export const MODEL_SWITCH_OPEN_TAG = "<model_switch>";
export const MODEL_SWITCH_CLOSE_TAG = "</model_switch>";

export type SettingsUpdateReason =
  | "model-switch"
  | "permissions"
  | "developer-instructions"
  | "agents-md"
  | "environment";

export interface SettingsUpdate {
  /** Messages to append, in order (without ids; the session assigns them). */
  items: MessageItem[];
  /** Why each item was sent, parallel to `items` (a bundled message has one reason per part). */
  reasons: SettingsUpdateReason[][];
  /** Prose problems (a prose set without `model-switch`, `agents-md-replaced` or `agents-md-removed`, a bad template). */
  diagnostics: Diagnostic[];
}

/** One sentence of the profile's prose (templates/<profile>/<id>.hbs), trimmed; problems go to `diagnostics`. */
function sentence(
  prose: ProseSet,
  id: "model-switch" | "agents-md-replaced" | "agents-md-removed",
  diagnostics: Diagnostic[],
): string {
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
export function renderAgentsMdUpdate(
  prev: ReferenceContext,
  cur: ReferenceContext,
  prose: ProseSet,
  diagnostics: Diagnostic[] = [],
): string | undefined {
  const before = prev.agentsMd === undefined ? undefined : renderAgentsMd(prev.cwd, prev.agentsMd);
  const after = cur.agentsMd === undefined ? undefined : renderAgentsMd(cur.cwd, cur.agentsMd);
  if (before === after) return undefined;
  if (cur.agentsMd === undefined)
    return `${AGENTS_MD_WITHDRAWN_HEADING}\n\n<INSTRUCTIONS>\n${sentence(prose, "agents-md-removed", diagnostics)}\n</INSTRUCTIONS>`;
  if (prev.agentsMd === undefined) return after;
  return renderAgentsMd(cur.cwd, `${sentence(prose, "agents-md-replaced", diagnostics)}\n\n${cur.agentsMd}`);
}

type Part = { role: "developer" | "user"; reason: SettingsUpdateReason; text: string };

function groupParts(parts: readonly Part[], grouping: SessionBehaviour["updateGrouping"]): Part[][] {
  const groups: Part[][] = [];
  switch (grouping) {
    case "merge-adjacent-user":
      for (const p of parts) {
        const last = groups.at(-1);
        if (p.role === "user" && last?.[0]?.role === "user") last.push(p);
        else groups.push([p]);
      }
      return groups;
    case "one-per-role":
      for (const role of ["developer", "user"] as const) {
        const group = parts.filter((p) => p.role === role);
        if (group.length) groups.push(group);
      }
      return groups;
    default: {
      const never: never = grouping;
      throw new Error(`unknown update grouping ${String(never)}`);
    }
  }
}

/**
 * The updates in the order model switch, AGENTS.md, permissions, developer instructions, environment, grouped by
 * `profile.session.updateGrouping`: `merge-adjacent-user` (Codex 0.171.0, captured) keeps each developer section
 * its own message and lets adjacent contextual-user parts share one (AGENTS.md + environment after a cwd change;
 * but model switch, AGENTS.md, permissions, environment → four messages); `one-per-role` sends one developer
 * message with a part per section, then one user message [AGENTS.md?, environment?].
 */
export function buildSettingsUpdate(
  prev: ReferenceContext,
  cur: ReferenceContext,
  profile: Profile<"envelopes">,
  prose: ProseSet,
): SettingsUpdate {
  const diagnostics: Diagnostic[] = [];
  const parts: Part[] = [];
  if (prev.model !== cur.model && cur.modelInstructions !== "") {
    parts.push({
      role: "developer",
      reason: "model-switch",
      text: modelSwitchText(prose, cur.modelInstructions, diagnostics),
    });
  }
  const agents = renderAgentsMdUpdate(prev, cur, prose, diagnostics);
  if (agents !== undefined) parts.push({ role: "user", reason: "agents-md", text: agents });
  if (prev.permissions !== cur.permissions)
    parts.push({ role: "developer", reason: "permissions", text: cur.permissions });
  // Codex 0.171.0 keeps no baseline for config `developer_instructions` (its world_state has none), so a change,
  // addition or removal sends nothing; the new text only reaches the model when compaction re-injects the
  // initial context. Profiles with `resendDeveloperInstructions` re-send changed or added text; a removal sends
  // nothing (there is no sentence for it yet).
  const behaviour = profile.session;
  if (
    behaviour.resendDeveloperInstructions &&
    cur.developerInstructions !== undefined &&
    prev.developerInstructions !== cur.developerInstructions
  ) {
    parts.push({ role: "developer", reason: "developer-instructions", text: cur.developerInstructions });
  }
  const env = renderEnvironmentDiff(prev, cur, behaviour.environmentDiff);
  if (env !== undefined) parts.push({ role: "user", reason: "environment", text: env });
  const groups = groupParts(parts, behaviour.updateGrouping);
  const items: MessageItem[] = groups.map((g) => ({
    type: "message",
    role: g[0]!.role,
    content: g.map((p) => ({ type: "input_text", text: p.text })),
  }));
  return { items, reasons: groups.map((g) => g.map((p) => p.reason)), diagnostics };
}
