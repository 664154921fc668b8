// An Anthropic Messages, Gemini generateContent or Chat Completions body (Claude Code's, Gemini CLI's, pi's) seen
// the way a prefix cache sees it, as the Responses-shaped request the cache analysis reads: tools, the system text
// as instructions, then one item per message. What does not change the prompt is left out — cache_control marks,
// and whether a lone text is sent as a string or as one text block — so the first divergence is where new
// content starts. Pure.
import type { ResponseItem } from "../model/items.js";
import { isJsonObject } from "../model/json-value.js";
import { parseRequest } from "./parse-request.js";
import type { CacheBreakpoint, RequestLike } from "./prompt-segments.js";

type Obj = { [key: string]: unknown };

/** A block without its cache mark; a lone string as the text block it stands for. */
function blocksOf(content: unknown): unknown[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [content];
  return content.map((b) => {
    if (!isJsonObject(b)) return b;
    const { cache_control: _mark, ...rest } = b;
    return rest;
  });
}

/** Text blocks as their text; anything else (tool use, results, images, function parts) as its JSON. */
function item(role: string, parts: readonly unknown[]): ResponseItem {
  const text = parts
    .map((p) =>
      // A text block (`{type: "text", text}`) or a Gemini text part (`{text}`) is its text.
      isJsonObject(p) && typeof p.text === "string" && (p.type === "text" || Object.keys(p).length === 1)
        ? p.text
        : JSON.stringify(p),
    )
    .join("\n");
  const type = role === "assistant" || role === "model" ? "output_text" : "input_text";
  return { type: "message", role: role === "model" ? "assistant" : role, content: [{ type, text }] } as ResponseItem;
}

const textOfSystem = (system: unknown): string =>
  blocksOf(system)
    .map((b) => (isJsonObject(b) && typeof b.text === "string" ? b.text : JSON.stringify(b)))
    .join("\n");

const marked = (blocks: unknown): boolean =>
  Array.isArray(blocks) && blocks.some((b) => isJsonObject(b) && b.cache_control !== undefined);

/** The segments an Anthropic body marks with `cache_control`: the tools, the system text, messages by index. */
function cacheBreakpointsOf(body: Obj): CacheBreakpoint[] {
  const out: CacheBreakpoint[] = [];
  if (marked(body.tools)) out.push("tools");
  if (marked(body.system)) out.push("instructions");
  (body.messages as unknown[]).forEach((m, i) => {
    if (isJsonObject(m) && marked(m.content)) out.push(i);
  });
  return out;
}

/** undefined when the value is none of these bodies. */
export function wireBodyAsRequest(value: unknown): RequestLike | undefined {
  if (!isJsonObject(value)) return undefined;
  const body: Obj = value;
  const base: RequestLike = {};
  if (typeof body.model === "string") base.model = body.model;
  if (Array.isArray(body.tools)) base.tools = body.tools as RequestLike["tools"];
  if (Array.isArray(body.contents)) {
    // Gemini: `systemInstruction.parts`, `contents[].parts`.
    const sys = isJsonObject(body.systemInstruction) ? body.systemInstruction.parts : undefined;
    if (Array.isArray(sys))
      base.instructions = sys.map((p) => (isJsonObject(p) ? String(p.text ?? "") : "")).join("\n");
    base.input = body.contents.map((c) =>
      isJsonObject(c) ? item(String(c.role ?? "user"), Array.isArray(c.parts) ? c.parts : []) : item("user", [c]),
    );
    return base;
  }
  if (!Array.isArray(body.messages)) return undefined;
  // Anthropic: a top-level `system`; Chat Completions: system or developer messages in the list.
  if (body.system !== undefined) base.instructions = textOfSystem(body.system);
  const breakpoints = cacheBreakpointsOf(body);
  if (breakpoints.length > 0) base.cacheBreakpoints = breakpoints;
  base.input = body.messages.map((m) => {
    if (!isJsonObject(m)) return item("user", [m]);
    // Other keys that reach the model (tool calls, a result's call id) follow the content; settings do not.
    const { role, content, output_config: _settings, ...rest } = m;
    const parts = content === null || content === undefined ? [] : blocksOf(content);
    return item(String(role ?? "user"), Object.keys(rest).length > 0 ? [...parts, rest] : parts);
  });
  return base;
}

/** A Responses input item as the API reads it: the easy-input `{ role, content }` form is a message. */
function responsesItem(value: unknown): unknown {
  if (!isJsonObject(value) || value.type !== undefined || typeof value.role !== "string") return value;
  const type = value.role === "assistant" ? "output_text" : "input_text";
  const content = typeof value.content === "string" ? [{ type, text: value.content }] : value.content;
  return { type: "message", role: value.role, content };
}

/**
 * Any body a harness posts as the cache analysis reads it: a Responses body (easy-input messages, pi's, as
 * messages), else wireBodyAsRequest's. undefined when it is none of them.
 */
export function bodyAsRequest(value: unknown): RequestLike | undefined {
  const body =
    isJsonObject(value) && Array.isArray(value.input) ? { ...value, input: value.input.map(responsesItem) } : value;
  const r = parseRequest(body);
  return r.ok ? r.request : wireBodyAsRequest(value);
}
