// Token estimates as the harnesses compute them (no tokenizer): Codex's bytes/4 and pi's chars/4. Pure.
// Exact o200k counts live in src/tokens (countTokens); these are the numbers the harness's triggers use.
import type { ContentPart, FunctionCallOutputContent, ResponseItem } from "../model/items.js";
import { approxTokens, approxTokensFromBytes, utf8Length } from "../tokens/index.js";

/** Bytes Codex charges for one inline `data:image/…;base64,` payload (≈1844 tokens). */
export const CODEX_IMAGE_BYTES = 7373;
/** Codex discounts encrypted reasoning and compaction blobs: max(0, len·3/4 − 650) bytes. */
export const ENCRYPTED_OVERHEAD_BYTES = 650;
/** pi charges each image as this many characters (≈1200 tokens). */
export const PI_IMAGE_CHARS = 4800;
export const PI_CHARS_PER_TOKEN = 4;

/**
 * `json`: ceil(bytes/4) of each item's JSON without `id` (Codex 0.171.0's estimate).
 * `text`: what codex-cli 0.171.0 was seen to charge: messages their text parts (post-compaction recount), tool
 * outputs their output text + call_id (bisected from Codex 0.171.0's auto-compact limits: test/compact/estimate-tokens.test.ts); items it was not seen
 * estimating (calls, reasoning, web search) as `json`.
 */
export type CodexEstimateMethod = "json" | "text";

const DATA_IMAGE = /^data:image\/[^;,]*;base64,/;

/** Base64 payload length of an inline image URL, or undefined when the URL is not inline. */
function imagePayloadBytes(url: string): number | undefined {
  const m = DATA_IMAGE.exec(url);
  return m ? url.length - m[0].length : undefined;
}

function imageParts(content: FunctionCallOutputContent | readonly ContentPart[]): string[] {
  if (typeof content === "string") return [];
  return content.flatMap((p) => (p.type === "input_image" ? [p.image_url] : []));
}

function encryptedBytes(encrypted: string): number {
  return Math.max(0, Math.floor((encrypted.length * 3) / 4) - ENCRYPTED_OVERHEAD_BYTES);
}

/** Codex's model-visible byte count of one item. */
export function codexItemBytes(item: ResponseItem, method: CodexEstimateMethod = "text"): number {
  switch (item.type) {
    case "ghost_snapshot":
      return 0;
    case "compaction":
      return encryptedBytes(item.encrypted_content);
    case "reasoning":
      if (item.encrypted_content) return encryptedBytes(item.encrypted_content);
      return jsonBytesWithImages(item);
    case "message":
      return method === "text" ? contentBytes(item.content) : jsonBytesWithImages(item);
    case "function_call_output":
    case "custom_tool_call_output":
      // Observed for function_call_output; the custom variant is assumed to match (not observed).
      return method === "text" ? utf8Length(item.call_id) + outputBytes(item.output) : jsonBytesWithImages(item);
    case "function_call":
    case "custom_tool_call":
    case "web_search_call":
    case "additional_tools":
      return jsonBytesWithImages(item);
    default: {
      const never: never = item;
      return utf8Length(JSON.stringify(never));
    }
  }
}

/** Text bytes of message or tool-output content, an inline image at Codex's fixed cost. */
function contentBytes(content: readonly ContentPart[]): number {
  let bytes = 0;
  for (const part of content) {
    if (part.type === "input_image")
      bytes += DATA_IMAGE.test(part.image_url) ? CODEX_IMAGE_BYTES : utf8Length(part.image_url);
    else bytes += utf8Length(part.text);
  }
  return bytes;
}

function outputBytes(output: FunctionCallOutputContent): number {
  return typeof output === "string" ? utf8Length(output) : contentBytes(output);
}

function jsonBytesWithImages(item: ResponseItem): number {
  const { id: _id, ...rest } = item as ResponseItem & { id?: string };
  let bytes = utf8Length(JSON.stringify(rest));
  const content = item.type === "message" ? item.content : "output" in item ? item.output : [];
  for (const url of imageParts(content)) {
    const payload = imagePayloadBytes(url);
    if (payload !== undefined) bytes += CODEX_IMAGE_BYTES - payload;
  }
  return bytes;
}

export function estimateItemTokens(item: ResponseItem, method: CodexEstimateMethod = "text"): number {
  return approxTokensFromBytes(codexItemBytes(item, method));
}

export interface HistoryEstimateOptions {
  baseInstructions?: string;
  method?: CodexEstimateMethod;
}

/** Codex's history estimate: ceil(base instructions bytes/4) + Σ per-item estimates. */
export function estimateHistoryTokens(items: readonly ResponseItem[], options: HistoryEstimateOptions = {}): number {
  let total = options.baseInstructions ? approxTokens(options.baseInstructions) : 0;
  for (const item of items) total += estimateItemTokens(item, options.method);
  return total;
}

function piContentChars(content: FunctionCallOutputContent | readonly ContentPart[], images: boolean): number {
  if (typeof content === "string") return content.length;
  let chars = 0;
  for (const p of content) chars += p.type === "input_image" ? (images ? PI_IMAGE_CHARS : 0) : p.text.length;
  return chars;
}

/**
 * Characters pi 0.73.1 charges an item (UTF-16 units, as JavaScript counts): message text (a user message's images
 * are free, a tool result's cost 4800), tool name + arguments, reasoning text.
 */
export function piItemChars(item: ResponseItem): number {
  switch (item.type) {
    case "message":
      return piContentChars(item.content, item.role !== "user");
    case "function_call":
      return item.name.length + item.arguments.length;
    case "custom_tool_call":
      return item.name.length + item.input.length;
    case "function_call_output":
    case "custom_tool_call_output":
      return piContentChars(item.output, true);
    case "reasoning":
      return (
        item.summary.reduce((n, s) => n + s.text.length, 0) +
        (item.content ?? []).reduce((n, c) => n + c.text.length, 0)
      );
    case "web_search_call":
      return JSON.stringify(item.action ?? {}).length;
    case "additional_tools":
      return JSON.stringify(item.tools).length;
    case "compaction":
    case "ghost_snapshot":
      return 0;
    default: {
      const never: never = item;
      return JSON.stringify(never).length;
    }
  }
}

/** pi's estimate of one item: ceil(chars/4). */
export function estimatePiTokens(item: ResponseItem): number {
  return Math.ceil(piItemChars(item) / PI_CHARS_PER_TOKEN);
}

/** pi's estimate of one message (an assistant reply's items together): ceil of their characters / 4, once. */
export function estimatePiMessageTokens(items: readonly ResponseItem[]): number {
  return Math.ceil(items.reduce((n, item) => n + piItemChars(item), 0) / PI_CHARS_PER_TOKEN);
}
