// Call/output pairing over history: remove an item together with its partner, find orphans. Pure.
// Mirrors Codex's remove_first_item / remove_last_item: a call takes its first output, an output its call.
import type { ResponseItem } from "../model/items.js";

type CallType = "function_call" | "custom_tool_call";
type OutputType = "function_call_output" | "custom_tool_call_output";

const OUTPUT_OF: Record<CallType, OutputType> = {
  function_call: "function_call_output",
  custom_tool_call: "custom_tool_call_output",
};
const CALL_OF: Record<OutputType, CallType> = {
  function_call_output: "function_call",
  custom_tool_call_output: "custom_tool_call",
};

export function isCallItem(item: ResponseItem): item is Extract<ResponseItem, { type: CallType }> {
  return item.type === "function_call" || item.type === "custom_tool_call";
}

export function isOutputItem(item: ResponseItem): item is Extract<ResponseItem, { type: OutputType }> {
  return item.type === "function_call_output" || item.type === "custom_tool_call_output";
}

/** Index of the item paired with `history[index]`, or -1 (not a call/output, or no partner). */
export function partnerIndex(history: readonly ResponseItem[], index: number): number {
  const item = history[index];
  if (!item) return -1;
  if (isCallItem(item)) {
    const want = OUTPUT_OF[item.type];
    return history.findIndex((o) => o.type === want && o.call_id === item.call_id);
  }
  if (isOutputItem(item)) {
    const want = CALL_OF[item.type];
    return history.findIndex((c) => c.type === want && c.call_id === item.call_id);
  }
  return -1;
}

/** A copy without `history[index]` and its partner. */
export function removeItemWithPartner(history: readonly ResponseItem[], index: number): ResponseItem[] {
  const partner = partnerIndex(history, index);
  return history.filter((_, i) => i !== index && i !== partner);
}

export function removeFirstItem(history: readonly ResponseItem[]): ResponseItem[] {
  return history.length === 0 ? [] : removeItemWithPartner(history, 0);
}

export function removeLastItem(history: readonly ResponseItem[]): ResponseItem[] {
  return history.length === 0 ? [] : removeItemWithPartner(history, history.length - 1);
}

/** Calls without an output and outputs without a call, by call id. */
export function findUnpaired(history: readonly ResponseItem[]): {
  callsWithoutOutput: string[];
  outputsWithoutCall: string[];
} {
  const calls = new Set<string>();
  const outputs = new Set<string>();
  for (const item of history) {
    if (isCallItem(item)) calls.add(`${OUTPUT_OF[item.type]}:${item.call_id}`);
    else if (isOutputItem(item)) outputs.add(`${item.type}:${item.call_id}`);
  }
  const strip = (key: string) => key.slice(key.indexOf(":") + 1);
  return {
    callsWithoutOutput: [...calls].filter((k) => !outputs.has(k)).map(strip),
    outputsWithoutCall: [...outputs].filter((k) => !calls.has(k)).map(strip),
  };
}
