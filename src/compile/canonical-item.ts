// The wire key order of a Responses conversation item: messages as `type, id?, role, content, end_turn?, phase?`,
// content parts in theirs; other items pass through. Pure.
import type { ContentPart, ResponseItem } from "../model/items.js";

function canonicalPart(p: ContentPart): ContentPart {
  switch (p.type) {
    case "input_text":
      return { type: p.type, text: p.text };
    case "output_text":
      return p.annotations !== undefined
        ? { type: p.type, text: p.text, annotations: p.annotations }
        : { type: p.type, text: p.text };
    case "input_image":
      return p.detail !== undefined
        ? { type: p.type, image_url: p.image_url, detail: p.detail }
        : { type: p.type, image_url: p.image_url };
    default: {
      const never: never = p;
      return never;
    }
  }
}

/** Messages get `type, id?, role, content, end_turn?, phase?`; other items pass through in their own order. */
export function canonicalItem(item: ResponseItem): ResponseItem {
  if (item.type !== "message") return item;
  const out: { [k: string]: unknown } = { type: "message" };
  if (item.id !== undefined) out["id"] = item.id;
  out["role"] = item.role;
  out["content"] = item.content.map(canonicalPart);
  if (item.end_turn !== undefined) out["end_turn"] = item.end_turn;
  if (item.phase !== undefined) out["phase"] = item.phase;
  return out as unknown as ResponseItem;
}
