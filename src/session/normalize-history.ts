// History normalisation before a request is built: every call gets an output, orphan outputs go, images are
// replaced for text-only models, ghost snapshots are never sent. Pure.
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import type { ContentPart, FunctionCallOutputContent, ResponseItem } from "../model/items.js";

/** Output text recorded for a call that never got one (the turn was interrupted). */
export const ABORTED_OUTPUT_TEXT = "aborted";

export interface NormalizeHistoryOptions {
  /** Whether the model accepts `input_image` parts. */
  supportsImages: boolean;
  /** Text replacing an image part for text-only models: the profile's `image-omitted` prose (a session passes it). */
  imageOmittedText: string;
}

type OutputType = "function_call_output" | "custom_tool_call_output";

function outputTypeFor(item: ResponseItem): OutputType | undefined {
  if (item.type === "function_call") return "function_call_output";
  if (item.type === "custom_tool_call") return "custom_tool_call_output";
  return undefined;
}

function callTypeFor(item: ResponseItem): "function_call" | "custom_tool_call" | undefined {
  if (item.type === "function_call_output") return "function_call";
  if (item.type === "custom_tool_call_output") return "custom_tool_call";
  return undefined;
}

function replaceImages(parts: ContentPart[], text: string): { parts: ContentPart[]; count: number } {
  let count = 0;
  const out = parts.map((p): ContentPart => {
    if (p.type !== "input_image") return p;
    count++;
    return { type: "input_text", text };
  });
  return { parts: count ? out : parts, count };
}

function replaceOutputImages(
  output: FunctionCallOutputContent,
  text: string,
): { output: FunctionCallOutputContent; count: number } {
  if (typeof output === "string") return { output, count: 0 };
  const r = replaceImages(output, text);
  return { output: r.parts, count: r.count };
}

/** The items a request's `input` carries for this history. Never mutates `items`. */
export function normalizeHistory(
  items: readonly ResponseItem[],
  options: NormalizeHistoryOptions,
): Result<ResponseItem[]> {
  const diagnostics: Diagnostic[] = [];
  const key = (type: string, callId: string) => `${type}\u0000${callId}`;
  const present = new Set<string>();
  for (const item of items) {
    if ("call_id" in item) present.add(key(item.type, item.call_id));
  }
  const placeholder = options.imageOmittedText;
  let imagesOmitted = 0;
  const out: ResponseItem[] = [];
  items.forEach((item, index) => {
    if (item.type === "ghost_snapshot") return; // undo bookkeeping, never model-visible
    const callType = callTypeFor(item);
    if (callType !== undefined && "call_id" in item && !present.has(key(callType, item.call_id))) {
      diagnostics.push(
        diagnostic(
          "history/orphan-call-output",
          "warning",
          `removed ${item.type} for call_id ${item.call_id}: no matching ${callType} in the history`,
          {
            data: { index, callId: item.call_id },
          },
        ),
      );
      return;
    }
    let next: ResponseItem = item;
    if (!options.supportsImages) {
      if (item.type === "message") {
        const r = replaceImages(item.content, placeholder);
        if (r.count) next = { ...item, content: r.parts };
        imagesOmitted += r.count;
      } else if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
        const r = replaceOutputImages(item.output, placeholder);
        if (r.count) next = { ...item, output: r.output };
        imagesOmitted += r.count;
      }
    }
    out.push(next);
    const outputType = outputTypeFor(item);
    if (outputType !== undefined && "call_id" in item && !present.has(key(outputType, item.call_id))) {
      out.push({ type: outputType, call_id: item.call_id, output: ABORTED_OUTPUT_TEXT });
      diagnostics.push(
        diagnostic(
          "history/missing-call-output",
          "info",
          `${item.type} ${item.call_id} had no output; sent as "${ABORTED_OUTPUT_TEXT}"`,
          {
            data: { index, callId: item.call_id },
          },
        ),
      );
    }
  });
  if (imagesOmitted) {
    diagnostics.push(
      diagnostic(
        "history/image-omitted",
        "info",
        `${imagesOmitted} image part(s) replaced by text: the model has no image input`,
        {
          data: { count: imagesOmitted },
        },
      ),
    );
  }
  return { value: out, diagnostics };
}
