// Stage 3 of compile: the exact bytes that would be POSTed — top-level keys in the profile's order, message and
// content keys in the wire order, compact JSON like serde (no spaces) — and the sorted-keys form cache analysis
// compares. Pure.
import type { ContentPart, ResponseItem } from "../model/items.js";
import type { ResponsesRequest } from "../model/request.js";
import type { Profile } from "../profiles/profile.js";

function canonicalPart(p: ContentPart): ContentPart {
  switch (p.type) {
    case "input_text":
      return { type: p.type, text: p.text };
    case "output_text":
      return p.annotations !== undefined ? { type: p.type, text: p.text, annotations: p.annotations } : { type: p.type, text: p.text };
    case "input_image":
      return p.detail !== undefined ? { type: p.type, image_url: p.image_url, detail: p.detail } : { type: p.type, image_url: p.image_url };
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

/** The request body as a plain object with keys in the profile's order (absent fields dropped). */
export function canonicalRequest(request: ResponsesRequest, profile: Profile): { [k: string]: unknown } {
  const src = request as unknown as { [k: string]: unknown };
  const out: { [k: string]: unknown } = {};
  for (const key of profile.requestFields) {
    const v = src[key];
    if (v === undefined) continue;
    out[key] = key === "input" ? request.input.map(canonicalItem) : v;
  }
  return out;
}

/** Exact request bytes (as a string; UTF-8 encode to POST). */
export function serializeRequest(request: ResponsesRequest, profile: Profile): string {
  return JSON.stringify(canonicalRequest(request, profile));
}

/** Sorted-keys JSON, the byte form cache analysis compares: every object's keys sorted, so two semantically equal values give equal bytes. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    // undefined (absent optional field) serialises like JSON.stringify does inside objects: skipped by caller.
    return JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  }
  const record = value as { [key: string]: unknown };
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(",")}}`;
}
