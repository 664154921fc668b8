// The text of a message's content parts, images left out: what session parsing and compaction compare. Pure.
// Lives in model/ because session/ (below compact/ in the dependency order) needs it too.
import type { ContentPart } from "./items.js";

/** Concatenated text of a message's text parts ("" when there are none). */
export function messageText(content: readonly ContentPart[]): string {
  let out = "";
  for (const part of content) if (part.type === "input_text" || part.type === "output_text") out += part.text;
  return out;
}
