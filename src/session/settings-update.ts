// The items appended before a new user message when settings changed since the reference context: model switch,
// AGENTS.md, permissions re-render, developer instructions (profiles that re-send them), then the environment
// diff, grouped into messages as the profile's session behaviour says. Pure.
import type { Diagnostic } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import { diffInputTools } from "./input-tools-diff.js";
import { renderAgentsMd } from "../fragments/agents-md.js";
import { useProse } from "../fragments/fragment.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { Profile, SessionBehaviour } from "../profiles/profile.js";
import { renderEnvironmentDiff } from "./environment-diff.js";
import type { ModelTextSection, ReferenceContext } from "./reference-context.js";

export const MODEL_SWITCH_OPEN_TAG = "<model_switch>";
export const MODEL_SWITCH_CLOSE_TAG = "</model_switch>";

export type SettingsUpdateReason =
  | "model-switch"
  | "permissions"
  | "developer-instructions"
  | "agents-md"
  | "environment"
  | "model-texts"
  | "tools";

export interface SettingsUpdate {
  /** Items to append, in order (without ids; the session assigns them): messages, a code-mode tools item. */
  items: ResponseItem[];
  /** Why each item was sent, parallel to `items` (a bundled message has one reason per part). */
  reasons: SettingsUpdateReason[][];
  /** Prose problems (a prose set without `model-switch`, `agents-md-replaced` or `agents-md-removed`, a bad template). */
  diagnostics: Diagnostic[];
}

/** One sentence of the profile's prose (templates/<profile>/<id>.hbs), trimmed; problems go to `diagnostics`. */
function sentence(
  prose: ProseSet,
  id:
    | "model-switch"
    | "agents-md-replaced"
    | "agents-md-removed"
    | "deferred-tools-removed"
    | "tools-update-added"
    | "tools-removed-namespaces"
    | "tools-removed-tools"
    | "model-instructions-lead"
    | "model-instructions-tail",
  diagnostics: Diagnostic[],
): string {
  const r = useProse(prose, id, {});
  diagnostics.push(...r.diagnostics);
  return r.text.trim();
}

export function modelSwitchText(prose: ProseSet, instructions: string, diagnostics: Diagnostic[] = []): string {
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

type Part = {
  role: "developer" | "user";
  reason: SettingsUpdateReason;
  text: string;
  alone?: boolean;
  /** Sent as this item instead of a message part (the tools item of a code-mode tools update). */
  item?: ResponseItem;
};

export const MODEL_INSTRUCTIONS_OPEN_TAG = "<model_instructions>";
export const MODEL_INSTRUCTIONS_CLOSE_TAG = "</model_instructions>";

/**
 * Between two code-mode models (both send an `additional_tools` item), 0.171.0 replaces the base instructions with
 * a `<model_instructions>` text naming the model, where other switches send `<model_switch>`.
 */
function modelInstructionsText(
  prose: ProseSet,
  model: string,
  instructions: string,
  diagnostics: Diagnostic[],
): string {
  const lead = sentence(prose, "model-instructions-lead", diagnostics);
  const tail = sentence(prose, "model-instructions-tail", diagnostics);
  return `${MODEL_INSTRUCTIONS_OPEN_TAG}\n${lead} ${model}${tail}\n\n${instructions}\n${MODEL_INSTRUCTIONS_CLOSE_TAG}`;
}

/**
 * A code-mode tools update (captured: switches between code-mode models): added or redefined tools as a sentence and
 * a tools item holding only them, then the namespaces and tools no longer available, each a heading and `- name` lines.
 */
function toolsUpdateParts(
  prev: ReferenceContext,
  cur: ReferenceContext,
  prose: ProseSet,
  diagnostics: Diagnostic[],
): Part[] {
  if (prev.inputTools === undefined || cur.inputTools === undefined) return [];
  const diff = diffInputTools(prev.inputTools, cur.inputTools);
  const parts: Part[] = [];
  if (diff.changed.length > 0) {
    parts.push({
      role: "developer",
      reason: "tools",
      text: sentence(prose, "tools-update-added", diagnostics),
      alone: true,
    });
    parts.push({
      role: "developer",
      reason: "tools",
      text: "",
      alone: true,
      item: { type: "additional_tools", role: "developer", tools: diff.changed },
    });
  }
  const blocks: string[] = [];
  const list = (id: "tools-removed-namespaces" | "tools-removed-tools", names: string[]) =>
    names.length > 0 && blocks.push([sentence(prose, id, diagnostics), ...names.map((n) => `- ${n}`)].join("\n"));
  list("tools-removed-namespaces", diff.removedNamespaces);
  list("tools-removed-tools", diff.removedTools);
  if (blocks.length > 0) parts.push({ role: "developer", reason: "tools", text: blocks.join("\n\n"), alone: true });
  return parts;
}

/** The empty text 0.171.0 sends when a model texts section disappears (a collaboration mode with no instructions). */
const EMPTIED_TEXT: { [id in ModelTextSection]?: string } = {
  "collaboration-mode": "<collaboration_mode></collaboration_mode>",
};
/** Model texts 0.171.0 keys by model too: a switch re-sends them even when the text is the same (captured). */
const KEYED_BY_MODEL: readonly ModelTextSection[] = ["collaboration-mode"];
/** Model texts that travel as messages of their own (as in the initial context). */
const OWN_MESSAGE: readonly ModelTextSection[] = ["multi-agent-role", "multi-agent-mode"];

/**
 * The parts for model texts that render differently for the turn's model (a model switch): the new text, or for a
 * section the new model has no text for, Codex's emptied text or its removal prose (`deferred-tools-removed`). The
 * multi-agent role and mode go together: either changing re-sends both.
 */
function modelTextParts(
  prev: ReferenceContext,
  cur: ReferenceContext,
  ids: readonly ModelTextSection[],
  prose: ProseSet,
  diagnostics: Diagnostic[],
): Part[] {
  const before = prev.modelTexts ?? {};
  const after = cur.modelTexts ?? {};
  const switched = prev.model !== cur.model;
  const changed = (id: ModelTextSection) =>
    before[id] !== after[id] || (switched && after[id] !== undefined && KEYED_BY_MODEL.includes(id));
  const multiAgent = OWN_MESSAGE.some(changed);
  const parts: Part[] = [];
  for (const id of ids) {
    const own = OWN_MESSAGE.includes(id);
    if (own ? !multiAgent : !changed(id)) continue;
    const text =
      after[id] ??
      EMPTIED_TEXT[id] ??
      (id === "deferred-tools" && before[id] !== undefined
        ? sentence(prose, "deferred-tools-removed", diagnostics)
        : undefined);
    if (text !== undefined)
      parts.push({ role: "developer", reason: "model-texts", text, ...(own ? { alone: true } : {}) });
  }
  return parts;
}

function groupParts(parts: readonly Part[], grouping: SessionBehaviour["updateGrouping"]): Part[][] {
  const groups: Part[][] = [];
  switch (grouping) {
    case "merge-adjacent":
      for (const p of parts) {
        const last = groups.at(-1);
        if (!p.alone && last?.[0]?.role === p.role && !last[0].alone) last.push(p);
        else groups.push([p]);
      }
      return groups;
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
 * The updates in the order model switch, AGENTS.md, skills, permissions, collaboration mode, developer instructions,
 * environment, deferred tools, multi-agent role and mode (Codex 0.171.0, captured on switches with a sandbox change),
 * grouped by `profile.session.updateGrouping`: `merge-adjacent` (Codex 0.171.0) lets adjacent parts of one role share
 * a message, but the model switch and the multi-agent texts are messages of their own (AGENTS.md + environment after
 * a cwd change; skills + permissions after a switch); `merge-adjacent-user` keeps each developer part its own
 * message; `one-per-role` sends one developer message with a part per section, then one user message.
 */
export function buildSettingsUpdate(
  prev: ReferenceContext,
  cur: ReferenceContext,
  profile: Profile<"envelopes">,
  prose: ProseSet,
): SettingsUpdate {
  const diagnostics: Diagnostic[] = [];
  const parts: Part[] = toolsUpdateParts(prev, cur, prose, diagnostics);
  if (prev.model !== cur.model && cur.modelInstructions !== "") {
    const codeModeBoth = prev.inputTools !== undefined && cur.inputTools !== undefined;
    parts.push({
      role: "developer",
      reason: "model-switch",
      text: codeModeBoth
        ? modelInstructionsText(prose, cur.model, cur.modelInstructions, diagnostics)
        : modelSwitchText(prose, cur.modelInstructions, diagnostics),
      alone: true,
    });
  }
  const agents = renderAgentsMdUpdate(prev, cur, prose, diagnostics);
  if (agents !== undefined) parts.push({ role: "user", reason: "agents-md", text: agents });
  parts.push(...modelTextParts(prev, cur, ["skills"], prose, diagnostics));
  if (prev.permissions !== cur.permissions)
    parts.push({ role: "developer", reason: "permissions", text: cur.permissions });
  parts.push(...modelTextParts(prev, cur, ["collaboration-mode"], prose, diagnostics));
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
  parts.push(
    ...modelTextParts(prev, cur, ["deferred-tools", "multi-agent-role", "multi-agent-mode"], prose, diagnostics),
  );
  const groups = groupParts(parts, behaviour.updateGrouping);
  const items: ResponseItem[] = groups.map(
    (g): ResponseItem =>
      g[0]!.item ?? {
        type: "message",
        role: g[0]!.role,
        content: g.map((p) => ({ type: "input_text", text: p.text })),
      },
  );
  return { items, reasons: groups.map((g) => g.map((p) => p.reason)), diagnostics };
}
