// Turn one JSON value from a session log (rollout or request body) into a typed ResponseItem, keeping only the fields promptc models. Pure.
// Unknown item types and malformed fields are reported to the caller as a reason string, never thrown.
import type { ContentPart, FunctionCallOutputContent, ResponseItem } from "../model/items.js";
import { isJsonObject } from "../model/json-value.js";

export type ParsedItem = { ok: true; item: ResponseItem } | { ok: false; reason: string; unsupported?: boolean };

const ROLES = new Set(["developer", "user", "assistant", "system"]);
const isString = (v: unknown): v is string => typeof v === "string";

function parseParts(value: unknown): ContentPart[] | string {
  if (!Array.isArray(value)) return "content is not an array";
  const parts: ContentPart[] = [];
  for (const p of value) {
    if (!isJsonObject(p)) return "a content part is not an object";
    if (p.type === "input_text" && isString(p.text)) parts.push({ type: p.type, text: p.text });
    // Assistant text keeps its `annotations` (Codex sends `annotations: []` back): dropping it breaks the prefix.
    else if (p.type === "output_text" && isString(p.text))
      parts.push(
        Array.isArray(p.annotations)
          ? { type: p.type, text: p.text, annotations: p.annotations }
          : { type: p.type, text: p.text },
      );
    else if (p.type === "input_image" && isString(p.image_url)) {
      const detail = p.detail;
      parts.push(
        detail === "auto" || detail === "low" || detail === "high" || detail === "original"
          ? { type: "input_image", image_url: p.image_url, detail }
          : { type: "input_image", image_url: p.image_url },
      );
    } else return `unsupported content part ${JSON.stringify(p.type)}`;
  }
  return parts;
}

function parseOutput(value: unknown): FunctionCallOutputContent | undefined {
  if (isString(value)) return value;
  // Older rollouts wrap the output as {content, success}.
  if (isJsonObject(value) && isString(value.content)) return value.content;
  const parts = parseParts(value);
  return typeof parts === "string" ? undefined : parts;
}

const withId = <T extends object>(item: T, id: unknown): T => (isString(id) ? { ...item, id } : item);

export function parseRolloutItem(value: unknown): ParsedItem {
  if (!isJsonObject(value)) return { ok: false, reason: "item is not an object" };
  const v = value;
  const bad = (what: string): ParsedItem => ({ ok: false, reason: `${String(v.type)}: ${what}` });
  switch (v.type) {
    case "message": {
      if (!isString(v.role) || !ROLES.has(v.role)) return bad(`unknown role ${JSON.stringify(v.role)}`);
      const content = parseParts(v.content);
      if (typeof content === "string") return bad(content);
      const item: ResponseItem = withId({ type: "message", role: v.role as "user", content }, v.id);
      if (typeof v.end_turn === "boolean") item.end_turn = v.end_turn;
      if (isString(v.phase)) item.phase = v.phase;
      return { ok: true, item };
    }
    case "function_call":
      if (!isString(v.name) || !isString(v.arguments) || !isString(v.call_id))
        return bad("needs name, arguments and call_id strings");
      // Built in the wire order 0.171.0 sends (type, status, id, name, arguments, call_id): items pass through as is.
      return {
        ok: true,
        item: {
          type: "function_call",
          ...(isString(v.status) ? { status: v.status } : {}),
          ...(isString(v.id) ? { id: v.id } : {}),
          name: v.name,
          arguments: v.arguments,
          call_id: v.call_id,
        },
      };
    case "function_call_output":
    case "custom_tool_call_output": {
      const output = parseOutput(v.output);
      if (!isString(v.call_id) || output === undefined) return bad("needs a call_id and an output");
      return { ok: true, item: { type: v.type, call_id: v.call_id, output } };
    }
    case "custom_tool_call": {
      if (!isString(v.name) || !isString(v.input) || !isString(v.call_id))
        return bad("needs name, input and call_id strings");
      const item = withId(
        { type: "custom_tool_call" as const, call_id: v.call_id, name: v.name, input: v.input },
        v.id,
      );
      return { ok: true, item: isString(v.status) ? { ...item, status: v.status } : item };
    }
    case "reasoning": {
      if (!Array.isArray(v.summary)) return bad("summary is not an array");
      const summary = v.summary.flatMap((s) =>
        isJsonObject(s) && isString(s.text) ? [{ type: "summary_text" as const, text: s.text }] : [],
      );
      const content = Array.isArray(v.content)
        ? v.content.flatMap((c) =>
            isJsonObject(c) && isString(c.text)
              ? [{ type: c.type === "text" ? ("text" as const) : ("reasoning_text" as const), text: c.text }]
              : [],
          )
        : undefined;
      const item = withId({ type: "reasoning" as const, summary }, v.id);
      return {
        ok: true,
        item: {
          ...item,
          ...(content ? { content } : {}),
          ...(isString(v.encrypted_content) ? { encrypted_content: v.encrypted_content } : {}),
        },
      };
    }
    case "compaction":
    case "compaction_summary":
      if (!isString(v.encrypted_content)) return bad("needs encrypted_content");
      return { ok: true, item: withId({ type: "compaction", encrypted_content: v.encrypted_content }, v.id) };
    case "ghost_snapshot": {
      const g = v.ghost_commit;
      if (!isJsonObject(g) || !isString(g.id)) return bad("needs ghost_commit.id");
      const list = (x: unknown) => (Array.isArray(x) ? x.filter(isString) : []);
      return {
        ok: true,
        item: {
          type: "ghost_snapshot",
          ghost_commit: {
            id: g.id,
            parent: isString(g.parent) ? g.parent : null,
            preexisting_untracked_files: list(g.preexisting_untracked_files),
            preexisting_untracked_dirs: list(g.preexisting_untracked_dirs),
          },
        },
      };
    }
    case "additional_tools":
      if (!Array.isArray(v.tools)) return bad("needs a tools list");
      // Wire order: type, id, role, tools.
      return {
        ok: true,
        item: isString(v.id)
          ? { type: "additional_tools", id: v.id, role: "developer", tools: v.tools }
          : { type: "additional_tools", role: "developer", tools: v.tools },
      };
    case "web_search_call": {
      const item: ResponseItem = withId({ type: "web_search_call" }, v.id);
      if (isString(v.status)) item.status = v.status;
      if (isJsonObject(v.action) && isString(v.action.type)) item.action = v.action as { type: string };
      return { ok: true, item };
    }
    default:
      return { ok: false, reason: `unsupported item type ${JSON.stringify(v.type)}`, unsupported: true };
  }
}
