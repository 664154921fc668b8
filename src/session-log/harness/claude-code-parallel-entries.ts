// Puts back the entries of a Claude Code 2.1.332 reply with parallel tool calls that the parentUuid chain skips.
// Claude Code writes such a reply as one entry per block (sharing the API message id), each the parent of the next,
// and each tool result as a child of the entry holding its call, in the order the tools finished; only the last
// result written continues the chain. On resume Claude Code puts the other blocks and results back, in file order,
// after the chain's entry of that reply — with the reminder entries that hang off them alone — and so do we. Pure.
import { isRecord, type JsonRecord } from "./parse-json-lines.js";

const idsOf = (e: JsonRecord, role: string, block: string, key: string): string[] => {
  const content = e.type === role && isRecord(e.message) ? e.message.content : undefined;
  return Array.isArray(content)
    ? content.flatMap((b) => (isRecord(b) && b.type === block && typeof b[key] === "string" ? [b[key] as string] : []))
    : [];
};
const callsOf = (e: JsonRecord) => idsOf(e, "assistant", "tool_use", "id");
const answersOf = (e: JsonRecord) => idsOf(e, "user", "tool_result", "tool_use_id");
const replyIdOf = (e: JsonRecord): string | undefined =>
  e.type === "assistant" && isRecord(e.message) && typeof e.message.id === "string" ? e.message.id : undefined;
const sameSide = (a: JsonRecord, b: JsonRecord) =>
  (a.isSidechain ?? false) === (b.isSidechain ?? false) && a.agentId === b.agentId;

/** An entry that rides along with the turn it follows: an attachment, a system line, a meta user entry. */
const isCompanion = (e: JsonRecord): boolean =>
  e.type === "attachment" ||
  (e.type === "system" && e.subtype !== "compact_boundary") ||
  (e.type === "user" && e.isMeta === true && answersOf(e).length === 0);

/** Entries still belonging to the reply `id` when they follow it on the chain. */
const continuesReply = (e: JsonRecord, id: string): boolean =>
  e.type === "assistant"
    ? replyIdOf(e) === id
    : e.type === "user"
      ? e.isMeta === true || answersOf(e).length > 0
      : isCompanion(e);

interface Window {
  start: number;
  end: number;
  recovered: JsonRecord[];
  /** Off-chain companions hanging from a chain entry inside the window, sent right after it. */
  anchored: Map<JsonRecord, JsonRecord[]>;
}

/**
 * `chain` with the skipped blocks and results of its parallel-call replies put back; `onChain` (the uuids already
 * taken) grows by what is put back.
 */
export function withParallelEntries(entries: JsonRecord[], chain: JsonRecord[], onChain: Set<string>): JsonRecord[] {
  const position = new Map<JsonRecord, number>();
  const byUuid = new Map<string, JsonRecord>();
  const byReply = new Map<string, JsonRecord[]>();
  const children = new Map<string, JsonRecord[]>();
  const add = <K>(map: Map<K, JsonRecord[]>, key: K, e: JsonRecord) => map.set(key, [...(map.get(key) ?? []), e]);
  for (const [i, e] of entries.entries()) {
    if (typeof e.uuid !== "string") continue;
    position.set(e, i);
    byUuid.set(e.uuid, e);
    const id = replyIdOf(e);
    if (id !== undefined) add(byReply, id, e);
    if (typeof e.parentUuid === "string") add(children, e.parentUuid, e);
  }
  // Results by the assistant entry they answer: their parent, or — when the parent holds none of their calls —
  // the entry they name as their source and the one entry holding their call.
  const holder = new Map<string, JsonRecord | null>();
  for (const group of byReply.values())
    for (const e of group)
      for (const call of callsOf(e)) {
        const had = holder.get(call);
        holder.set(call, had === undefined || replyIdOf(had ?? {}) === replyIdOf(e) ? e : null);
      }
  const resultsOf = new Map<string, JsonRecord[]>();
  const linked = new Set<string>();
  const link = (to: string, r: JsonRecord) => {
    if (linked.has(`${to}\n${r.uuid}`)) return;
    linked.add(`${to}\n${r.uuid}`);
    add(resultsOf, to, r);
  };
  for (const r of entries) {
    const answers = answersOf(r);
    if (answers.length === 0 || typeof r.uuid !== "string") continue;
    if (typeof r.parentUuid === "string") link(r.parentUuid, r);
    const parent = typeof r.parentUuid === "string" ? byUuid.get(r.parentUuid) : undefined;
    const calls = new Set(parent === undefined ? [] : callsOf(parent));
    if (answers.every((a) => calls.has(a))) continue;
    const source = typeof r.sourceToolAssistantUUID === "string" ? byUuid.get(r.sourceToolAssistantUUID) : undefined;
    if (source !== undefined && source !== parent && sameSide(r, source)) link(source.uuid as string, r);
    for (const a of answers) {
      const h = holder.get(a);
      if (h && h !== parent && sameSide(r, h)) link(h.uuid as string, r);
    }
  }

  const moved = new Map<JsonRecord, number>();
  const placeOf = (e: JsonRecord) => moved.get(e) ?? position.get(e) ?? Number.MAX_SAFE_INTEGER;
  const inFileOrder = (a: JsonRecord, b: JsonRecord) =>
    placeOf(a) - placeOf(b) || (position.get(a) ?? 0) - (position.get(b) ?? 0);
  /** The companions hanging from `anchor` in one unbranched line starting at `first`, or none. */
  const tailFrom = (first: JsonRecord, anchor: JsonRecord): JsonRecord[] => {
    const tail: JsonRecord[] = [];
    for (let e: JsonRecord | undefined = first; e !== undefined; ) {
      if (onChain.has(e.uuid as string) || !isCompanion(e) || e.isSidechain !== anchor.isSidechain) return [];
      tail.push(e);
      const next: JsonRecord[] = (children.get(e.uuid as string) ?? []).filter((c) => !onChain.has(c.uuid as string));
      if (next.length > 1) return [];
      e = next[0];
    }
    return tail;
  };
  const index = new Map(chain.map((e, i) => [e.uuid, i]));
  const answeredOnChain = new Set(chain.flatMap(answersOf));

  const windows: Window[] = [];
  const done = new Set<string>();
  for (const [start, at] of chain.entries()) {
    const id = replyIdOf(at);
    if (id === undefined || done.has(id)) continue;
    done.add(id);
    const group = byReply.get(id) ?? [at];
    const inGroup = (uuid: unknown) => group.some((e) => e.uuid === uuid);
    const recovered = group.filter((e) => !onChain.has(e.uuid as string));
    const byCall: JsonRecord[] = [];
    const taken = new Set<string>();
    for (const e of group)
      for (const r of resultsOf.get(e.uuid as string) ?? []) {
        if (onChain.has(r.uuid as string) || taken.has(r.uuid as string)) continue;
        taken.add(r.uuid as string);
        (inGroup(r.parentUuid) ? recovered : byCall).push(r);
      }
    // A result linked only by its call id comes back if it answers a call of this reply nothing else answered,
    // no earlier than right after the reply's last block.
    const answered = new Set([...answeredOnChain, ...recovered.flatMap(answersOf)]);
    const last = Math.max(...group.map((e) => position.get(e) ?? 0));
    for (const r of byCall.sort(inFileOrder)) {
      const answers = answersOf(r);
      if (!answers.some((a) => !answered.has(a) && inGroup(holder.get(a)?.uuid))) continue;
      for (const a of answers) answered.add(a);
      moved.set(r, Math.max(position.get(r) ?? 0, last + 0.5));
      recovered.push(r);
    }
    for (const e of recovered) onChain.add(e.uuid as string);
    let end = Math.max(start, ...group.map((e) => index.get(e.uuid) ?? -1)) + 1;
    while (end < chain.length && continuesReply(chain[end]!, id)) end++;

    const anchored = new Map<JsonRecord, JsonRecord[]>();
    if (group.some((e) => callsOf(e).length > 0)) {
      const hang = (anchor: JsonRecord, into: JsonRecord[]) => {
        for (const child of children.get(anchor.uuid as string) ?? [])
          for (const e of tailFrom(child, anchor)) {
            onChain.add(e.uuid as string);
            into.push(e);
            const at = moved.get(anchor);
            if (at !== undefined) moved.set(e, Math.max(position.get(e) ?? 0, at));
          }
      };
      const results = group.flatMap((e) =>
        (resultsOf.get(e.uuid as string) ?? []).filter((r) => onChain.has(r.uuid as string)),
      );
      for (const anchor of new Set([...group, ...results])) hang(anchor, recovered);
      for (const e of chain.slice(start + 1, end)) {
        if (!isCompanion(e)) continue;
        const tail: JsonRecord[] = [];
        hang(e, tail);
        if (tail.length > 0) anchored.set(e, tail);
      }
    }
    if (recovered.length === 0 && anchored.size === 0) continue;
    windows.push({ start, end, recovered: recovered.sort(inFileOrder), anchored });
  }
  if (windows.length === 0) return chain;

  const merged: Window[] = [];
  for (const w of windows) {
    const prev = merged.at(-1);
    if (prev === undefined || w.start >= prev.end) merged.push(w);
    else {
      prev.end = Math.max(prev.end, w.end);
      prev.recovered = [...prev.recovered, ...w.recovered].sort(inFileOrder);
      for (const [e, tail] of w.anchored) prev.anchored.set(e, [...(prev.anchored.get(e) ?? []), ...tail]);
    }
  }
  const out: JsonRecord[] = [];
  let from = 0;
  for (const { start, end, recovered, anchored } of merged) {
    out.push(...chain.slice(from, start + 1));
    let k = 0;
    for (const e of chain.slice(start + 1, end)) {
      while (k < recovered.length && placeOf(recovered[k]!) < (position.get(e) ?? Number.MAX_SAFE_INTEGER))
        out.push(recovered[k++]!);
      out.push(e, ...(anchored.get(e) ?? []));
    }
    out.push(...recovered.slice(k));
    from = end;
  }
  return [...out, ...chain.slice(from)];
}
