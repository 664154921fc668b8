// The session-update texts a calibration reads off Codex's own requests: its built-in multi-agent texts, the
// withdrawn deferred namespaces, and what a switch between code-mode models appends (the tools-update sentences and
// the model-instructions wrapper around the slug). Pure: request bodies in, prose texts out (kept on the user's
// machine, never shipped).
import { isJsonObject, type JsonObject } from "../model/json-value.js";
import { calibrateLayout, DEVELOPER_TEXT_TAGS } from "./calibrate-layout.js";

const DEFERRED_TOOLS_OPEN = DEVELOPER_TEXT_TAGS.find((t) => t.id === "deferred-tools")?.open ?? "<tools>";
const MODEL_INSTRUCTIONS_OPEN = "<model_instructions>\n";

/**
 * Codex's built-in multi-agent role and mode texts (a model whose catalogue entry has none of its own gets them
 * when its session runs multi-agent v2): the two developer messages of their own after the bundled one.
 */
export function builtinMultiAgentTexts(stdout: string): { [id: string]: string } {
  let items: unknown;
  try {
    items = JSON.parse(stdout);
  } catch {
    return {};
  }
  if (!Array.isArray(items)) return {};
  const developer = items.filter(
    (i): i is JsonObject => isJsonObject(i) && i.type === "message" && i.role === "developer",
  );
  const single = developer.slice(1).flatMap((m) => {
    const parts = Array.isArray(m.content) ? m.content : [];
    const first = parts[0];
    return parts.length === 1 && isJsonObject(first) && typeof first.text === "string" ? [first.text] : [];
  });
  const [role, mode] = single;
  return role !== undefined && mode !== undefined ? { "multi-agent-role": role, "multi-agent-mode": mode } : {};
}

/** The deferred-tools text some family's first request showed (the same in every family that shows one). */
export function deferredToolsSeen(firstBodies: readonly string[]): string | undefined {
  for (const text of firstBodies) {
    try {
      const body: unknown = JSON.parse(text);
      const deferred = isJsonObject(body) ? calibrateLayout(body)?.texts["deferred-tools"] : undefined;
      if (deferred !== undefined) return deferred;
    } catch {
      // an unreadable request shows nothing
    }
  }
  return undefined;
}

/**
 * The `<tools>` text a resumed request appended after the last reply that is not the deferred-tools text: what
 * 0.171.0 sends when a switch withdraws the deferred namespaces.
 */
export function appendedToolsText(body: string, deferred: string | undefined): string | undefined {
  if (deferred === undefined) return undefined;
  for (const item of appendedItems(body).items) {
    if (item.role !== "developer" || !Array.isArray(item.content)) continue;
    for (const c of item.content)
      if (
        isJsonObject(c) &&
        typeof c.text === "string" &&
        c.text.startsWith(DEFERRED_TOOLS_OPEN) &&
        c.text !== deferred
      )
        return c.text;
  }
  return undefined;
}

/** The items a resumed request appended after its last reply. */
function appendedItems(body: string): { model?: string; items: JsonObject[] } {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return { items: [] };
  }
  const input = isJsonObject(data) && Array.isArray(data.input) ? data.input.filter(isJsonObject) : [];
  const lastReply = input.findLastIndex((i) => i.type === "message" && i.role === "assistant");
  const model = isJsonObject(data) && typeof data.model === "string" ? data.model : undefined;
  return { ...(model !== undefined ? { model } : {}), items: lastReply < 0 ? [] : input.slice(lastReply + 1) };
}

const onlyText = (item: JsonObject | undefined): string | undefined => {
  const parts = item?.role === "developer" && Array.isArray(item.content) ? item.content : [];
  const first = parts[0];
  return parts.length === 1 && isJsonObject(first) && typeof first.text === "string" ? first.text : undefined;
};

/**
 * What a switch between code-mode models appended: the sentence before a tools item (`tools-update-added`), the
 * headings of the gone-namespaces and gone-tools lists (a list of `ns.tool` names is the tools one), and the words
 * before and after the slug in the `<model_instructions>` header.
 */
export function codeModeSwitchTexts(body: string): { [id: string]: string } {
  const { model, items } = appendedItems(body);
  const out: { [id: string]: string } = {};
  items.forEach((item, k) => {
    const text = onlyText(item);
    if (text === undefined) return;
    if (items[k + 1]?.type === "additional_tools") out["tools-update-added"] = text;
    else if (text.startsWith(MODEL_INSTRUCTIONS_OPEN) && model !== undefined) {
      const header = text.slice(MODEL_INSTRUCTIONS_OPEN.length, text.indexOf("\n\n"));
      const at = header.indexOf(model);
      if (at > 0) {
        out["model-instructions-lead"] = header.slice(0, at).trimEnd();
        out["model-instructions-tail"] = header.slice(at + model.length);
      }
    } else {
      const blocks = text.split("\n\n").map((b) => b.split("\n"));
      const lists = blocks.every((l) => l.length > 1 && l.slice(1).every((x) => x.startsWith("- ")));
      if (!lists) return;
      for (const [heading, ...names] of blocks) {
        const tools = names.every((n) => n.slice(2).includes("."));
        out[tools ? "tools-removed-tools" : "tools-removed-namespaces"] = heading!;
      }
    }
  });
  return out;
}
