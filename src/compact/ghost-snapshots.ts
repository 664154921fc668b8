// Ghost snapshots (undo points): kept across compaction in their original order, never sent to the model. Pure.
import type { GhostSnapshotItem, ResponseItem } from "../model/items.js";

export function collectGhostSnapshots(history: readonly ResponseItem[]): GhostSnapshotItem[] {
  return history.filter((item): item is GhostSnapshotItem => item.type === "ghost_snapshot");
}

/** The model-visible history: ghost snapshots removed. */
export function withoutGhostSnapshots(history: readonly ResponseItem[]): ResponseItem[] {
  return history.filter((item) => item.type !== "ghost_snapshot");
}
