// Checks that an untrusted JSON value (a request file, a matcher argument) has the shape cache analysis reads,
// so a malformed body becomes a clear message with a JSON path instead of a crash deep inside. Pure.
import type { RequestLike } from "./prompt-segments.js";
import { isJsonObject } from "../model/json-value.js";

export type ParseRequestResult = { ok: true; request: RequestLike } | { ok: false; problems: string[] };

/** Problems reported at most, so a huge broken file gives a short message. */
export const REQUEST_PROBLEMS_MAX = 5;

function checkPart(part: unknown, path: string, problems: string[]): void {
  if (!isJsonObject(part) || typeof part.type !== "string")
    return void problems.push(`${path} must be an object with a string "type"`);
  if ((part.type === "input_text" || part.type === "output_text") && typeof part.text !== "string")
    problems.push(`${path}.text must be a string`);
  if (part.type === "input_image" && typeof part.image_url !== "string")
    problems.push(`${path}.image_url must be a string`);
}

function checkItem(item: unknown, path: string, problems: string[]): void {
  if (!isJsonObject(item) || typeof item.type !== "string")
    return void problems.push(`${path} must be an object with a string "type"`);
  if (item.type === "message") {
    if (typeof item.role !== "string") problems.push(`${path}.role must be a string`);
    if (!Array.isArray(item.content)) return void problems.push(`${path}.content must be an array`);
    item.content.forEach((p, k) => checkPart(p, `${path}.content[${k}]`, problems));
  }
  if (item.type.endsWith("_call") || item.type.endsWith("_call_output")) {
    if (item.call_id !== undefined && typeof item.call_id !== "string")
      problems.push(`${path}.call_id must be a string`);
    if (item.name !== undefined && typeof item.name !== "string") problems.push(`${path}.name must be a string`);
  }
}

/**
 * A request body, or an object carrying one under `request` (compile / preview --json output). Unknown item
 * types pass (captures hold types promptc does not model); the fields labels and prefixes read are checked.
 */
export function parseRequest(value: unknown): ParseRequestResult {
  const body =
    isJsonObject(value) && isJsonObject(value.request) && Array.isArray(value.request.input) ? value.request : value;
  if (!isJsonObject(body) || !Array.isArray(body.input)) return { ok: false, problems: ['no "input" array'] };
  const problems: string[] = [];
  body.input.forEach((item, k) => checkItem(item, `$.input[${k}]`, problems));
  if (body.tools !== undefined && !Array.isArray(body.tools)) problems.push("$.tools must be an array");
  if (Array.isArray(body.tools))
    body.tools.forEach((t, k) => (isJsonObject(t) ? undefined : problems.push(`$.tools[${k}] must be an object`)));
  for (const key of ["instructions", "model", "prompt_cache_key"]) {
    if (body[key] !== undefined && typeof body[key] !== "string") problems.push(`$.${key} must be a string`);
  }
  if (problems.length) return { ok: false, problems: problems.slice(0, REQUEST_PROBLEMS_MAX) };
  return { ok: true, request: body as RequestLike };
}
