// Pinned blocks: contextual fragments (e.g. activated skills) re-emitted verbatim after a summary. Pure.
// None of the harnesses protects activated skills across compaction; promptc lets the caller choose.
import { CONTEXTUAL_FRAGMENT_MARKERS, matchFragment, type ContextualFragmentId } from "../fragments/markers.js";
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import type { MessageItem, ResponseItem } from "../model/items.js";

/** `fragment` pins every message holding that fragment; `name` narrows skills to one skill. */
export interface PinSelector {
  fragment: ContextualFragmentId;
  name?: string;
}

const FRAGMENT_IDS = new Set<string>(CONTEXTUAL_FRAGMENT_MARKERS.map((m) => m.id));

/** Parse `skill`, `skill:NAME`, `agents-md`, `environment-context`, … into selectors. */
export function parsePinSelectors(specs: readonly string[]): Result<PinSelector[]> {
  const value: PinSelector[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const spec of specs) {
    const colon = spec.indexOf(":");
    const fragment = colon < 0 ? spec : spec.slice(0, colon);
    const name = colon < 0 ? undefined : spec.slice(colon + 1);
    if (!FRAGMENT_IDS.has(fragment) || name === "" || (name !== undefined && fragment !== "skill")) {
      diagnostics.push(
        diagnostic(
          "compact/bad-pin",
          "error",
          `cannot pin '${spec}': expected one of ${[...FRAGMENT_IDS].join(", ")}, or skill:NAME`,
        ),
      );
      continue;
    }
    value.push(name === undefined ? { fragment: fragment as ContextualFragmentId } : { fragment: "skill", name });
  }
  return { value, diagnostics };
}

const SKILL_NAME = /<name>([^<]*)<\/name>/;

function partMatches(text: string, pin: PinSelector): boolean {
  if (matchFragment(text) !== pin.fragment) return false;
  return pin.name === undefined || SKILL_NAME.exec(text)?.[1]?.trim() === pin.name;
}

function isPinned(item: ResponseItem, pins: readonly PinSelector[]): item is MessageItem {
  if (item.type !== "message" || item.role !== "user") return false;
  return item.content.some((p) => p.type === "input_text" && pins.some((pin) => partMatches(p.text, pin)));
}

/**
 * Pinned messages of `history`, oldest first; a block that occurs several times is kept once, at its
 * newest position (re-activating a skill does not duplicate it).
 */
export function collectPinnedBlocks(history: readonly ResponseItem[], pins: readonly PinSelector[]): MessageItem[] {
  if (pins.length === 0) return [];
  const seen = new Set<string>();
  const out: MessageItem[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i]!;
    if (!isPinned(item, pins)) continue;
    const key = JSON.stringify(item.content);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out.reverse();
}
