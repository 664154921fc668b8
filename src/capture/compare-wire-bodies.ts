// Compares two request bodies of any wire format (Anthropic Messages, Gemini, Chat Completions, Responses):
// the first JSON path where they differ (key order included, as the bytes would), with the character offset
// and an excerpt of each side, after removing the per-run ids a prediction cannot know. Pure.

export interface WireDifference {
  /** `$.messages[0].content[1].text`. */
  path: string;
  what: "type" | "keys" | "length" | "value";
  a: string;
  b: string;
  /** For strings: the first differing character. */
  offset?: number;
}

type J = unknown;

/** Per-run ids blanked: `prompt_cache_key` (pi, Codex), Claude Code's session id inside `metadata.user_id`. */
export function withoutRunIds(body: J): J {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const out: { [k: string]: J } = { ...(body as { [k: string]: J }) };
  if ("prompt_cache_key" in out) out.prompt_cache_key = "<run id>";
  const meta = out.metadata as { user_id?: unknown } | undefined;
  if (meta && typeof meta.user_id === "string") {
    try {
      const u = JSON.parse(meta.user_id) as { [k: string]: unknown };
      if ("session_id" in u) u.session_id = "<run id>";
      out.metadata = { ...meta, user_id: JSON.stringify(u) };
    } catch {
      // not Claude Code's JSON string: leave it
    }
  }
  return out;
}

/** Every match of the agent's run-id patterns (adapter `runIdPatterns`) in every string blanked to `<run id>`. */
export function withoutPatternRunIds(body: J, patterns: readonly string[]): J {
  if (patterns.length === 0) return body;
  const res = patterns.map((p) => new RegExp(p, "g"));
  const walk = (v: J): J => {
    if (typeof v === "string") return res.reduce((s, re) => s.replace(re, "<run id>"), v);
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== "object") return v;
    const out: { [k: string]: J } = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x);
    return out;
  };
  return walk(body);
}

const EXCERPT = 60;
const show = (v: J) => (typeof v === "string" ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v)));
const typeOf = (v: J) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

export function firstWireDifference(a: J, b: J, path = "$"): WireDifference | undefined {
  if (typeOf(a) !== typeOf(b)) return { path, what: "type", a: typeOf(a), b: typeOf(b) };
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const d = firstWireDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return a.length === b.length ? undefined : { path, what: "length", a: String(a.length), b: String(b.length) };
  }
  if (a !== null && typeof a === "object" && b !== null && typeof b === "object") {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
      if (ka[i] !== kb[i]) return { path, what: "keys", a: ka.join(","), b: kb.join(",") };
      const k = ka[i] as string;
      const d = firstWireDifference(
        (a as { [k: string]: J })[k],
        (b as { [k: string]: J })[k],
        /^[A-Za-z_]\w*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`,
      );
      if (d) return d;
    }
    return ka.length === kb.length ? undefined : { path, what: "keys", a: ka.join(","), b: kb.join(",") };
  }
  if (typeof a === "string" && typeof b === "string") {
    if (a === b) return undefined;
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    const cut = (s: string) => JSON.stringify(s.slice(Math.max(0, i - EXCERPT / 2), i + EXCERPT));
    return { path, what: "value", a: cut(a), b: cut(b), offset: i };
  }
  return a === b ? undefined : { path, what: "value", a: show(a), b: show(b) };
}

/** Lines for the terminal: identical, or where and how the two differ. */
export function formatWireDifference(d: WireDifference | undefined, labelA: string, labelB: string): string[] {
  if (d === undefined) return [`identical bodies (run ids aside): ${labelA} and ${labelB}`];
  const where = d.offset !== undefined ? `${d.path}, character ${d.offset}` : d.path;
  return [`first difference at ${where} (${d.what}):`, `  ${labelA}: ${d.a}`, `  ${labelB}: ${d.b}`];
}
