// Short human labels for request input items ("developer <permissions instructions>", "user <environment_context>").
// Pure. Used by diff explanations and snapshot layouts.
import type { ContentPart, ResponseItem } from "../model/items.js";
import { matchFragment } from "../fragments/markers.js";

/** The leading XML-ish tag of a text (`<permissions instructions>`), when it opens with one. */
export function leadingTag(text: string): string | undefined {
  const m = /^\s*(<[A-Za-z_][A-Za-z0-9_ .:-]*>)/.exec(text);
  return m?.[1];
}

function partLabel(part: ContentPart): string {
  switch (part.type) {
    case "input_text":
    case "output_text": {
      const fragment = matchFragment(part.text);
      if (fragment === "agents-md") return "<AGENTS.md>";
      if (fragment !== undefined) return leadingTag(part.text) ?? fragment;
      return leadingTag(part.text) ?? "text";
    }
    case "input_image":
      return "image";
    default: {
      const never: never = part;
      return String(never);
    }
  }
}

/** One-line label naming the item's kind and, for messages, the fragments it carries. */
export function labelItem(item: ResponseItem): string {
  switch (item.type) {
    case "message":
      return `${item.role} ${item.content.map(partLabel).join(" + ") || "(empty)"}`;
    case "function_call":
      return `function_call ${item.name} (${item.call_id})`;
    case "function_call_output":
      return `function_call_output (${item.call_id})`;
    case "custom_tool_call":
      return `custom_tool_call ${item.name} (${item.call_id})`;
    case "custom_tool_call_output":
      return `custom_tool_call_output (${item.call_id})`;
    case "reasoning":
      return "reasoning";
    case "compaction":
      return "compaction";
    case "ghost_snapshot":
      return "ghost_snapshot";
    case "web_search_call":
      return "web_search_call";
    case "additional_tools":
      return `additional_tools (${item.tools.length} tools)`;
    default: {
      const never: never = item;
      return `unknown ${String((never as { type?: unknown }).type)}`;
    }
  }
}
