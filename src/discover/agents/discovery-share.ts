// What one lint or `agents` run shares between the harness discoveries it starts in many folders of one tree: each
// harness keeps here what a folder contributes (its files, their imports, its skills), computed once and reused by
// every launch below it, so the work is linear in the tree instead of once per ancestor per launch. One share per
// run: it assumes the files do not change during it. Pure data; the discoveries fill it.
export interface DiscoveryShare {
  /** Per-harness slots, each owned by that harness's discovery (created on first use). */
  readonly slots: Map<string, unknown>;
}

export function createDiscoveryShare(): DiscoveryShare {
  return { slots: new Map() };
}

/** The slot `key` of a share, made by `make` on first use; without a share, a fresh one (nothing is shared). */
export function shareSlot<T>(share: DiscoveryShare | undefined, key: string, make: () => T): T {
  if (share === undefined) return make();
  let slot = share.slots.get(key) as T | undefined;
  if (slot === undefined) {
    slot = make();
    share.slots.set(key, slot);
  }
  return slot;
}
