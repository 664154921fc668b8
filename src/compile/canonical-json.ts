// Stage 3 of compile: the exact bytes that would be POSTed — the profile's wire format writes the body (top-level
// keys in the profile's order, message and content keys in the wire order), compact JSON like serde (no spaces) —
// and the sorted-keys form cache analysis compares. Pure.
import type { ResponseItem } from "../model/items.js";
import type { ResponsesRequest } from "../model/request.js";
import type { Profile } from "../profiles/profile.js";
import { wireEncoder } from "./wire-formats.js";

export { canonicalItem } from "./canonical-item.js";

/** The request body as a plain object, as the profile's wire format writes it (keys in its order). */
export function canonicalRequest(request: ResponsesRequest, profile: Profile<"envelopes">): { [k: string]: unknown } {
  return wireEncoder(profile.wire.format).body(request, profile.wire.fields);
}

/** Exact request bytes (as a string; UTF-8 encode to POST). */
export function serializeRequest(request: ResponsesRequest, profile: Profile<"envelopes">): string {
  return JSON.stringify(canonicalRequest(request, profile));
}

/** One history item's JSON as the profile's wire format writes it (what a session appends to its cached input). */
export function serializeItem(item: ResponseItem, profile: Profile<"envelopes">): string {
  return JSON.stringify(wireEncoder(profile.wire.format).item(item));
}

/**
 * The request bytes with the history array spliced in from already-serialised items (comma-joined
 * serializeItem output), so a session's turn costs O(new items); the same bytes as serializeRequest.
 */
export function serializeRequestWithHistory(
  request: ResponsesRequest,
  profile: Profile<"envelopes">,
  historyJson: string,
): string {
  const key = JSON.stringify(wireEncoder(profile.wire.format).historyKey);
  const empty = `${key}:[]`;
  const shell = serializeRequest({ ...request, input: [] }, profile);
  // Every string value escapes its quotes, so the first `"<key>":[]` is the key itself.
  const at = shell.indexOf(empty);
  return at < 0
    ? serializeRequest(request, profile)
    : `${shell.slice(0, at)}${key}:[${historyJson}]${shell.slice(at + empty.length)}`;
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
