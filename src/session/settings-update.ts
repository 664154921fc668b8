// The items appended before a new user message when settings changed since the reference context: model switch,
// permissions re-render, (promptc) developer instructions, then the environment diff. Pure.
import type { MessageItem } from "../model/items.js";
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

export type SettingsUpdateReason = "model-switch" | "permissions" | "developer-instructions" | "environment";

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
  const env = renderEnvironmentDiff(prev, cur, profile.id === "codex" ? "codex" : "promptc");
  if (env !== undefined) {
    items.push({ type: "message", role: "user", content: [{ type: "input_text", text: env }] });
    reasons.push(["environment"]);
  }
  return { items, reasons };
}
