// Gemini CLI 0.61.0's split point: the history as Gemini contents, cut at the first user turn (not a function
// response) that starts after 70% of the contents' JSON characters. Pure.
import type { ResponseItem } from "../model/items.js";
import { messageText } from "../model/message-text.js";
import { isOutputItem } from "./history-pairs.js";
import { isAssistantSide } from "./group-agent-messages.js";

/** Gemini CLI compresses the oldest 1 − 0.3 of the history (by characters) and keeps the rest. */
export const GEMINI_PRESERVE_FRACTION = 0.3;
/** `model.compressionThreshold`'s default: compress once the last prompt reached half the model's token limit. */
export const GEMINI_COMPRESSION_THRESHOLD = 0.5;

export type GeminiRole = "user" | "model";

export interface GeminiContent {
  role: GeminiRole;
  /** Items of the history this content renders (start inclusive, end exclusive). */
  start: number;
  end: number;
  /** A user content made of function responses only: never a split point. */
  functionResponses: boolean;
  /** A model content with a function call. */
  functionCall: boolean;
  /** Length of the content as Gemini CLI measures it: its JSON text. */
  chars: number;
}

function parseArgs(args: string): unknown {
  try {
    return JSON.parse(args);
  } catch {
    return {};
  }
}

/** One item as the part(s) Gemini CLI's history holds for it (key order as its history objects have them). */
function partsOf(item: ResponseItem, callNames: ReadonlyMap<string, string>): unknown[] {
  switch (item.type) {
    case "message":
      return item.content.flatMap((p) => (p.type === "input_image" ? [] : [{ text: p.text }]));
    case "function_call":
      return [{ functionCall: { id: item.call_id, args: parseArgs(item.arguments), name: item.name } }];
    case "custom_tool_call":
      return [{ functionCall: { id: item.call_id, args: { input: item.input }, name: item.name } }];
    case "function_call_output":
    case "custom_tool_call_output": {
      const output = typeof item.output === "string" ? item.output : messageText(item.output);
      const name = callNames.get(item.call_id) ?? "";
      return [{ functionResponse: { name, response: { output }, id: item.call_id } }];
    }
    case "reasoning":
      return item.summary.map((s) => ({ text: s.text, thought: true }));
    default:
      return [];
  }
}

/** Consecutive model-side items form one model content, consecutive function responses one user content. */
export function toGeminiContents(history: readonly ResponseItem[]): GeminiContent[] {
  const callNames = new Map<string, string>();
  for (const item of history)
    if (item.type === "function_call" || item.type === "custom_tool_call") callNames.set(item.call_id, item.name);
  const out: { content: GeminiContent; parts: unknown[] }[] = [];
  history.forEach((item, i) => {
    const parts = partsOf(item, callNames);
    const role: GeminiRole = isAssistantSide(item) ? "model" : "user";
    const responses = isOutputItem(item);
    const last = out.at(-1);
    const joins =
      last !== undefined &&
      (parts.length === 0 ||
        (role === "model" && last.content.role === "model") ||
        (responses && last.content.functionResponses));
    if (joins) {
      last.parts.push(...parts);
      last.content.end = i + 1;
      last.content.functionCall ||= item.type === "function_call" || item.type === "custom_tool_call";
      return;
    }
    out.push({
      parts,
      content: {
        role,
        start: i,
        end: i + 1,
        functionResponses: responses,
        functionCall: item.type === "function_call" || item.type === "custom_tool_call",
        chars: 0,
      },
    });
  });
  return out.map(({ content, parts }) => ({ ...content, chars: JSON.stringify({ role: content.role, parts }).length }));
}

/** Index into `contents` of the first kept content (contents.length: compress everything; 0: nothing). */
export function findGeminiSplitPoint(
  contents: readonly GeminiContent[],
  fraction = 1 - GEMINI_PRESERVE_FRACTION,
): number {
  const total = contents.reduce((n, c) => n + c.chars, 0);
  const target = total * fraction;
  let lastSplit = 0;
  let cumulative = 0;
  for (let i = 0; i < contents.length; i++) {
    const c = contents[i]!;
    if (c.role === "user" && !c.functionResponses) {
      if (cumulative >= target) return i;
      lastSplit = i;
    }
    cumulative += c.chars;
  }
  const last = contents.at(-1);
  return last?.role === "model" && !last.functionCall ? contents.length : lastSplit;
}
