// Item-level diff of two Responses request bodies (a capture and promptc's prediction): top-level key order,
// parameters, tools by name, and input items compared position by position with `id` ignored. Pure.
import { utf8Length } from "../tokens/approx.js";

export type ItemDiffStatus = "same" | "changed" | "added" | "removed";

export interface ItemDiff {
  index: number;
  status: ItemDiffStatus;
  /** Short label of the left (captured) and right (compiled) item. */
  left?: string;
  right?: string;
  /** For `changed`: first content index and character offset where the texts part. */
  contentIndex?: number;
  offset?: number;
  detail?: string;
}

export interface RequestDiff {
  keyOrder: { left: string[]; right: string[]; same: boolean };
  params: { key: string; left?: string; right?: string }[];
  tools: { onlyLeft: string[]; onlyRight: string[]; changed: string[]; orderSame: boolean };
  items: ItemDiff[];
  /** Number of `same` items at the start (the shared cacheable prefix in items). */
  commonPrefix: number;
  equal: boolean;
}

type Obj = { [key: string]: unknown };
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

function withoutIds(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutIds);
  if (!isObj(v)) return v;
  const out: Obj = {};
  for (const [k, x] of Object.entries(v)) if (k !== "id") out[k] = withoutIds(x);
  return out;
}

function texts(item: unknown): string[] {
  if (!isObj(item)) return [JSON.stringify(item)];
  if (Array.isArray(item.content)) return item.content.map((c) => (isObj(c) && typeof c.text === "string" ? c.text : JSON.stringify(c)));
  return [JSON.stringify(withoutIds(item))];
}

export function labelRawItem(item: unknown): string {
  if (!isObj(item)) return typeof item;
  const head = item.type === "message" || item.role !== undefined ? `${String(item.role)}` : String(item.type);
  const first = texts(item)[0] ?? "";
  const tag = /^\s*(<[^>\n]{1,40}>|# AGENTS\.md)/.exec(first)?.[1];
  return `${head}${tag ? " " + tag : ""} (${utf8Length(texts(item).join(""))} B)`;
}

function firstDifference(a: string[], b: string[]): { contentIndex: number; offset: number; detail: string } {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined || y === undefined) return { contentIndex: i, offset: 0, detail: `content item ${i} only on the ${x === undefined ? "right" : "left"}` };
    let k = 0;
    while (k < x.length && k < y.length && x[k] === y[k]) k++;
    const show = (s: string) => JSON.stringify(s.slice(Math.max(0, k - 20), k + 40));
    return { contentIndex: i, offset: k, detail: `content ${i} differs at char ${k}: ${show(x)} vs ${show(y)}` };
  }
  return { contentIndex: 0, offset: 0, detail: "item fields differ (type, role or non-text fields)" };
}

function toolName(t: unknown): string {
  return isObj(t) ? String(t.name ?? t.type) : "?";
}

export function diffRequests(left: unknown, right: unknown): RequestDiff {
  const l = isObj(left) ? left : {};
  const r = isObj(right) ? right : {};
  const keys = { left: Object.keys(l), right: Object.keys(r), same: Object.keys(l).join() === Object.keys(r).join() };
  const params: RequestDiff["params"] = [];
  for (const key of [...new Set([...keys.left, ...keys.right])]) {
    if (key === "input" || key === "tools") continue;
    const a = key in l ? JSON.stringify(l[key]) : undefined;
    const b = key in r ? JSON.stringify(r[key]) : undefined;
    if (a === b) continue;
    const p: RequestDiff["params"][number] = { key };
    if (a !== undefined) p.left = a;
    if (b !== undefined) p.right = b;
    params.push(p);
  }
  const lt = Array.isArray(l.tools) ? l.tools : [];
  const rt = Array.isArray(r.tools) ? r.tools : [];
  const rmap = new Map(rt.map((t) => [toolName(t), JSON.stringify(t)]));
  const lmap = new Map(lt.map((t) => [toolName(t), JSON.stringify(t)]));
  const tools = {
    onlyLeft: [...lmap.keys()].filter((n) => !rmap.has(n)),
    onlyRight: [...rmap.keys()].filter((n) => !lmap.has(n)),
    changed: [...lmap.keys()].filter((n) => rmap.has(n) && rmap.get(n) !== lmap.get(n)),
    orderSame: lt.map(toolName).join() === rt.map(toolName).join(),
  };
  const li = Array.isArray(l.input) ? l.input : [];
  const ri = Array.isArray(r.input) ? r.input : [];
  const items: ItemDiff[] = [];
  for (let i = 0; i < Math.max(li.length, ri.length); i++) {
    const a = li[i];
    const b = ri[i];
    if (i >= li.length) items.push({ index: i, status: "added", right: labelRawItem(b) });
    else if (i >= ri.length) items.push({ index: i, status: "removed", left: labelRawItem(a) });
    else if (JSON.stringify(withoutIds(a)) === JSON.stringify(withoutIds(b))) items.push({ index: i, status: "same", left: labelRawItem(a), right: labelRawItem(b) });
    else items.push({ index: i, status: "changed", left: labelRawItem(a), right: labelRawItem(b), ...firstDifference(texts(a), texts(b)) });
  }
  let commonPrefix = 0;
  while (commonPrefix < items.length && items[commonPrefix]?.status === "same") commonPrefix++;
  const equal = keys.same && params.length === 0 && tools.onlyLeft.length + tools.onlyRight.length + tools.changed.length === 0 && tools.orderSame && commonPrefix === items.length;
  return { keyOrder: keys, params, tools, items, commonPrefix, equal };
}
