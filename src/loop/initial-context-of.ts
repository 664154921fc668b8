// The initial context of a compiled request: the developer and contextual-user items before the first real
// user message. Re-injected after a mid-turn compaction. Pure.
import type { ResponseItem } from "../model/items.js";
import { matchFragment } from "../fragments/markers.js";

export function initialContextOf(input: readonly ResponseItem[]): ResponseItem[] {
  const out: ResponseItem[] = [];
  for (const item of input) {
    if (item.type !== "message") break;
    if (item.role === "developer" || item.role === "system") {
      out.push(item);
      continue;
    }
    const contextual =
      item.role === "user" &&
      item.content.length > 0 &&
      item.content.every((p) => p.type === "input_text" && matchFragment(p.text) !== undefined);
    if (!contextual) break;
    out.push(item);
  }
  return out;
}
