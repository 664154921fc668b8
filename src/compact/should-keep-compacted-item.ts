// Remote compaction: which items of the server's compacted output Codex keeps. Pure.
// Stale developer text, contextual fragments, reasoning and tool traffic go; user intent, summaries stay.
import type { ResponseItem } from "../model/items.js";
import { classifyUserMessage } from "./collect-user-messages.js";
import type { SummaryMatcher } from "./summary.js";

export function shouldKeepCompactedItem(item: ResponseItem, matcher: SummaryMatcher): boolean {
  switch (item.type) {
    case "message": {
      const role = item.role;
      switch (role) {
        case "user": {
          const kind = classifyUserMessage(item, matcher);
          return kind === "real" || kind === "summary";
        }
        case "assistant":
          return true;
        case "developer":
        case "system":
          return false;
        default: {
          const never: never = role;
          return never;
        }
      }
    }
    case "compaction":
      return true;
    case "reasoning":
    case "function_call":
    case "function_call_output":
    case "custom_tool_call":
    case "custom_tool_call_output":
    case "web_search_call":
    case "ghost_snapshot":
    case "additional_tools":
      return false;
    default: {
      const never: never = item;
      return never;
    }
  }
}
