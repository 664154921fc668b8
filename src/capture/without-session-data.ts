// A captured request made comparable with a compiled one: per-session data dropped — the `id` of every input
// item (Codex gives each a fresh `msg_…`/`fc_…`), `prompt_cache_key` (the session id) and `client_metadata`
// (thread, turn and installation ids, timestamps). promptc's prediction cannot know them. Pure.

type Obj = { [key: string]: unknown };
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Top-level request fields that only identify the session. */
export const SESSION_FIELDS: readonly string[] = ["prompt_cache_key", "client_metadata"];

/** A copy of `body` without session fields and without the `id` of its `input` items; key order kept. */
export function withoutSessionData<T>(body: T): T {
  if (!isObj(body) || !Array.isArray(body.input)) return body;
  const out: Obj = {};
  for (const [key, value] of Object.entries(body)) if (!SESSION_FIELDS.includes(key)) out[key] = value;
  out.input = body.input.map((item: unknown) => {
    if (!isObj(item) || !("id" in item)) return item;
    const { id: _id, ...rest } = item;
    return rest;
  });
  return out as T;
}
