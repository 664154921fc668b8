// The freshest initial-context block found in a history (developer messages + the AGENTS/environment message).
// Pure. A dry run re-injects this where a harness would render a fresh one.
import { matchFragment } from "../fragments/markers.js";
import type { ResponseItem } from "../model/items.js";

function isContextMessage(item: ResponseItem): boolean {
  if (item.type !== "message" || item.role !== "user") return false;
  return item.content.some((p) => {
    if (p.type !== "input_text") return false;
    const id = matchFragment(p.text);
    return id === "environment-context" || id === "agents-md";
  });
}

const isDeveloper = (item: ResponseItem | undefined) => item?.type === "message" && item.role === "developer";

/** The last `[developer…, AGENTS/env user message]` block, or the last run of developer messages, or []. */
export function initialContextFromHistory(history: readonly ResponseItem[]): { items: ResponseItem[]; start: number } {
  let end = -1;
  for (let i = history.length - 1; i >= 0; i--) {
    if (isContextMessage(history[i]!)) {
      end = i;
      break;
    }
  }
  if (end < 0) {
    for (let i = history.length - 1; i >= 0; i--) {
      if (isDeveloper(history[i])) {
        end = i;
        break;
      }
    }
    if (end < 0) return { items: [], start: -1 };
  }
  let start = end;
  while (start > 0 && isDeveloper(history[start - 1])) start--;
  // Code-mode models open their initial context with the `additional_tools` item.
  if (start > 0 && history[start - 1]?.type === "additional_tools") start--;
  return { items: history.slice(start, end + 1), start };
}
