// A captured request made comparable with a compiled one: the per-session `id` of every input item dropped
// (Codex gives each item a fresh `msg_…`/`fc_…` id; promptc's prediction has none). Pure.

type Obj = { [key: string]: unknown };
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** A copy of `body` whose `input` items have no top-level `id`; everything else (key order too) kept. */
export function withoutItemIds<T>(body: T): T {
  if (!isObj(body) || !Array.isArray(body.input)) return body;
  const input = body.input.map((item: unknown) => {
    if (!isObj(item) || !("id" in item)) return item;
    const { id: _id, ...rest } = item;
    return rest;
  });
  return { ...body, input } as T;
}
