// A continued session's body from its first-turn body: the history placed after the `lead` system entries of the
// `key` array, one "history" layer per item, and the new message's layer moved behind them. Pure.
import type { WireLayer } from "../model/harness-request.js";
import type { BuiltBody } from "./profile.js";

export function withHistoryLayers(
  first: BuiltBody,
  body: BuiltBody["body"],
  key: string,
  lead: number,
  history: unknown[],
): BuiltBody {
  const at = lead + history.length;
  const layers: WireLayer[] = first.layers.map((l) =>
    l.id === "user-message" ? { ...l, where: l.where.replace(new RegExp(`^${key}\\[\\d+\\]`), `${key}[${at}]`) } : l,
  );
  history.forEach((h, i) =>
    layers.splice(layers.length - 1, 0, {
      id: `history:${i}`,
      layer: "history",
      where: `${key}[${lead + i}]`,
      text: JSON.stringify(h),
      sources: [],
      prose: "data",
    }),
  );
  return { body, layers, tools: first.tools };
}
