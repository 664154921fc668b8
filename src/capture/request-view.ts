// The layer view of a captured request body: every content piece labelled with its fragment (by marker or
// developer-section tag), role and exact tokens; tools with their token cost; request parameters. Unknown
// items are kept raw, never dropped. Pure.
import type { FragmentLayer } from "../model/manifest.js";
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import { oneLine } from "../model/one-line.js";
import { matchFragment, type ContextualFragmentId } from "../fragments/markers.js";
import { labelContextSection } from "./label-context-section.js";
import { countTokens, type CountTokens } from "../tokens/count.js";
import { utf8Length } from "../tokens/approx.js";
import type { WireDialect } from "./agent-adapter.js";
import { isSummaryText, type SummaryMatcher } from "../compact/summary.js";
import { bundledProse, ENVELOPE_PROFILE_IDS, getEnvelopeProfile } from "../profiles/index.js";
import { appendAll } from "../model/append-all.js";

export type ViewLayer = FragmentLayer | "history" | "unknown";

export interface ViewFragment {
  /** `base-instructions`, `permissions`, `skills`, `developer-instructions`, `developer-section:<tag>`,
   * `agents-md`, `environment-context`, `skill`, `summary` (a compaction summary), `user-message`, `assistant`,
   * an item type, or `unknown`. */
  id: string;
  layer: ViewLayer;
  /** Message role, or the item type for non-message items. */
  role: string;
  /** Index in `input`/`messages`; -1 for `instructions`/`system`. */
  itemIndex: number;
  contentIndex: number;
  /** The text, or canonical JSON for non-text pieces. */
  text: string;
  bytes: number;
  tokens: number;
  /** false when nothing recognised it (shown raw). */
  known: boolean;
  /** A prompt-cache breakpoint set on this piece (Messages `cache_control`): `ephemeral`, `ephemeral 1h`. */
  cache?: string;
}

export interface ViewTool {
  name: string;
  type: string;
  bytes: number;
  tokens: number;
  /** Set when the tool is declared inside an input item (`additional_tools`), whose tokens count as content. */
  inInput?: number;
  /** A prompt-cache breakpoint on this tool (Messages `cache_control`). */
  cache?: string;
}

export interface RequestView {
  dialect: WireDialect | "unknown";
  /** Top-level keys in body order. */
  keyOrder: string[];
  /** Every top-level field except the prompt content and tools, as JSON text. */
  params: { key: string; json: string }[];
  fragments: ViewFragment[];
  tools: ViewTool[];
  totals: { fragmentTokens: number; toolTokens: number; bytes: number };
  diagnostics: Diagnostic[];
}

export interface RequestViewOptions {
  /**
   * More ways to recognise compaction summaries (a prefix recovered from a session log, the log's summary texts);
   * the bundled promptc and codex stand-in prefixes are always known.
   */
  summary?: SummaryMatcher;
  /** Exact o200k counts (the CLI's memoised counter with the disk cache); default: countTokens, uncached. */
  countTokens?: CountTokens;
}

type Obj = { [key: string]: unknown };

/** The bundled summary prefixes (every profile's: promptc's own, the codex stand-in), as the loop writes them. */
function bundledSummaryPrefixes(): string[] {
  return ENVELOPE_PROFILE_IDS.flatMap((id) => {
    const source = bundledProse(getEnvelopeProfile(id)).entries["compact-summary-prefix"]?.source;
    return source === undefined ? [] : [source.replace(/\n+$/, "")];
  });
}

function summaryMatcher(extra: SummaryMatcher | undefined): SummaryMatcher {
  const matcher: SummaryMatcher = { prefixes: [...bundledSummaryPrefixes(), ...(extra?.prefixes ?? [])] };
  if (extra?.texts !== undefined) matcher.texts = extra.texts;
  return matcher;
}
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Developer sections by leading tag (Codex's developer-message bundle). */
const DEVELOPER_SECTIONS: { [tag: string]: string } = {
  "<permissions instructions>": "permissions",
  "<skills_instructions>": "skills",
};

const CONTEXT_LAYER: { [K in ContextualFragmentId]: ViewLayer } = {
  "agents-md": "agents-md",
  "environment-context": "environment",
  skill: "skill-injection",
  "user-shell-command": "history",
  "turn-aborted": "history",
  "subagent-notification": "history",
};

function leadingTag(text: string): string | undefined {
  return /^\s*(<[A-Za-z_][A-Za-z0-9_ .:-]*>)/.exec(text)?.[1];
}

function piece(
  count: CountTokens,
  id: string,
  layer: ViewLayer,
  role: string,
  itemIndex: number,
  contentIndex: number,
  text: string,
  known = true,
  cache?: string,
): ViewFragment {
  const f: ViewFragment = {
    id,
    layer,
    role,
    itemIndex,
    contentIndex,
    text,
    bytes: utf8Length(text),
    tokens: count(text),
    known,
  };
  if (cache !== undefined) f.cache = cache;
  return f;
}

/** The `cache_control` breakpoint of a Messages block or tool, as `type[ ttl]`. */
function cacheOf(v: unknown): string | undefined {
  const cc = isObj(v) ? v.cache_control : undefined;
  if (!isObj(cc)) return undefined;
  return [cc.type, cc.ttl].filter((x) => typeof x === "string").join(" ") || "set";
}

/** A one-line `name: value` header (an attribution or billing line in a system prompt), not prose. */
const HEADER_LINE = /^[A-Za-z][\w-]*: [^\n]*$/;

function labelText(
  role: string,
  text: string,
  isBase: boolean,
  summary: SummaryMatcher,
  messagesDialect = false,
): { id: string; layer: ViewLayer; known: boolean } {
  if (role === "system" && !isBase && messagesDialect) return { id: "system-message", layer: "developer", known: true };
  if (role === "developer" || role === "system") {
    if (isBase) return { id: "base-instructions", layer: "base-instructions", known: true };
    const tag = leadingTag(text);
    if (tag !== undefined)
      return {
        id: DEVELOPER_SECTIONS[tag] ?? `developer-section:${tag.slice(1, -1)}`,
        layer: "developer",
        known: true,
      };
    return { id: "developer-instructions", layer: "developer", known: true };
  }
  if (role === "user") {
    if (isSummaryText(text, summary)) return { id: "summary", layer: "history", known: true };
    const f = matchFragment(text);
    if (f !== undefined) return { id: f, layer: CONTEXT_LAYER[f], known: true };
    const section = labelContextSection(text);
    if (section !== undefined) return { ...section, known: true };
    const tag = leadingTag(text);
    if (tag !== undefined && text.trimEnd().endsWith(`</${tag.slice(1, -1).split(" ")[0]}>`))
      return { id: `user-section:${tag.slice(1, -1)}`, layer: "extension", known: true };
    return { id: "user-message", layer: "user-message", known: true };
  }
  if (role === "assistant") return { id: "assistant", layer: "history", known: true };
  return { id: "unknown", layer: "unknown", known: false };
}

function partsOf(content: unknown): unknown[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return Array.isArray(content) ? content : [content];
}

function textOfPart(part: unknown): string | undefined {
  return isObj(part) && typeof part.text === "string" && (part.type === undefined || /text$/.test(String(part.type)))
    ? part.text
    : undefined;
}

function toolCost(count: CountTokens, t: unknown): ViewTool {
  const json = JSON.stringify(t);
  const o = isObj(t) ? t : {};
  const fn = isObj(o.function) ? o.function : {};
  const name = typeof o.name === "string" ? o.name : typeof fn.name === "string" ? fn.name : String(o.type ?? "?");
  const tool: ViewTool = {
    name,
    type: typeof o.type === "string" ? o.type : "function",
    bytes: utf8Length(json),
    tokens: count(json),
  };
  const cache = cacheOf(t);
  if (cache !== undefined) tool.cache = cache;
  return tool;
}

/** The list each dialect keeps its conversation in. */
const CONVERSATION_KEY: { [D in WireDialect]: string } = {
  responses: "input",
  "anthropic-messages": "messages",
  "chat-completions": "messages",
  gemini: "contents",
};

function detectDialect(body: Obj, hint: WireDialect | undefined): WireDialect | "unknown" {
  // The path's dialect, unless the body does not have that dialect's conversation list (then look at the body).
  if (hint && Array.isArray(body[CONVERSATION_KEY[hint]])) return hint;
  if (Array.isArray(body.input)) return "responses";
  if (Array.isArray(body.contents)) return "gemini";
  if (Array.isArray(body.messages))
    return "system" in body || "max_tokens" in body ? "anthropic-messages" : "chat-completions";
  return "unknown";
}

const CONTENT_KEYS: { [d: string]: string[] } = {
  responses: ["input", "tools", "instructions"],
  "anthropic-messages": ["messages", "tools", "system"],
  "chat-completions": ["messages", "tools"],
  gemini: ["contents", "tools", "systemInstruction", "system_instruction"],
  unknown: [],
};

/**
 * Index of the base-instructions message when the body has no `instructions` field: the first message of the
 * conversation (items such as `additional_tools` may precede it), if it is a developer/system message with a single
 * untagged text part. A developer bundle (several parts: developer instructions, skills, permissions) is not.
 */
function baseInstructionsIndex(items: unknown[], dialect: WireDialect): number {
  const i = items.findIndex(
    (item) =>
      isObj(item) &&
      typeof item.role === "string" &&
      (dialect !== "responses" || item.type === "message" || item.type === undefined),
  );
  const first = items[i];
  if (!isObj(first) || (first.role !== "developer" && first.role !== "system")) return -1;
  const parts = dialect === "gemini" ? partsOf(first.parts) : partsOf(first.content);
  const text = parts.length === 1 ? textOfPart(parts[0]) : undefined;
  return text !== undefined && leadingTag(text) === undefined ? i : -1;
}

function messageFragments(
  count: CountTokens,
  items: unknown[],
  dialect: WireDialect,
  hasInstructions: boolean,
  summary: SummaryMatcher,
): ViewFragment[] {
  const out: ViewFragment[] = [];
  const baseIndex = hasInstructions ? -1 : baseInstructionsIndex(items, dialect);
  items.forEach((item, i) => {
    if (!isObj(item)) {
      out.push(piece(count, "unknown", "unknown", "?", i, 0, JSON.stringify(item), false));
      return;
    }
    const isMessage =
      dialect === "responses"
        ? item.type === "message" || (item.type === undefined && typeof item.role === "string")
        : typeof item.role === "string";
    if (!isMessage) {
      const type = typeof item.type === "string" ? item.type : "unknown";
      const layer: ViewLayer = Array.isArray(item.tools) ? "extension" : "history";
      out.push(piece(count, type, layer, type, i, 0, JSON.stringify(item), typeof item.type === "string"));
      return;
    }
    const role = dialect === "gemini" && item.role === "model" ? "assistant" : String(item.role);
    const parts = dialect === "gemini" ? partsOf(item.parts) : partsOf(item.content);
    parts.forEach((part, j) => {
      const text = textOfPart(part);
      const cache = cacheOf(part);
      if (text === undefined) {
        const type = isObj(part) && typeof part.type === "string" ? part.type : "part";
        const layer: ViewLayer = /tool|function/.test(type) ? "history" : role === "user" ? "user-message" : "history";
        out.push(piece(count, type, layer, role, i, j, JSON.stringify(part), isObj(part), cache));
        return;
      }
      const l = labelText(role, text, i === baseIndex && j === 0, summary, dialect === "anthropic-messages");
      out.push(piece(count, l.id, l.layer, role, i, j, text, l.known, cache));
    });
    if (parts.length === 0) out.push(piece(count, "empty-message", "unknown", role, i, 0, "", false));
  });
  return out;
}

/** System blocks: one-line `name: value` headers apart, the first block is the base instructions. */
function systemFragments(count: CountTokens, system: unknown): ViewFragment[] {
  if (system === undefined) return [];
  let baseSeen = false;
  return partsOf(isObj(system) && Array.isArray(system.parts) ? system.parts : system).map((p, j) => {
    const text = textOfPart(p);
    const cache = cacheOf(p);
    if (text === undefined)
      return piece(
        count,
        isObj(p) && typeof p.type === "string" ? p.type : "part",
        "unknown",
        "system",
        -1,
        j,
        JSON.stringify(p),
        false,
        cache,
      );
    if (HEADER_LINE.test(text)) return piece(count, "system-header", "extension", "system", -1, j, text, true, cache);
    const id = baseSeen ? "system" : "base-instructions";
    baseSeen = true;
    return piece(count, id, "base-instructions", "system", -1, j, text, true, cache);
  });
}

export function buildRequestView(
  bodyText: string,
  dialectHint?: WireDialect,
  options: RequestViewOptions = {},
): RequestView {
  const diagnostics: Diagnostic[] = [];
  const summary = summaryMatcher(options.summary);
  const count = options.countTokens ?? ((text: string) => countTokens(text));
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch (error) {
    diagnostics.push(
      diagnostic(
        "capture/invalid-json",
        "error",
        `request body is not valid JSON: ${oneLine(error instanceof Error ? error.message : String(error))}`,
      ),
    );
  }
  if (!isObj(body)) {
    if (body !== undefined)
      diagnostics.push(diagnostic("capture/unexpected-body", "error", "request body is not a JSON object"));
    const raw = piece(count, "unknown", "unknown", "raw", -1, 0, bodyText, false);
    return {
      dialect: "unknown",
      keyOrder: [],
      params: [],
      fragments: [raw],
      tools: [],
      totals: { fragmentTokens: raw.tokens, toolTokens: 0, bytes: raw.bytes },
      diagnostics,
    };
  }
  const dialect = detectDialect(body, dialectHint);
  const content = new Set(CONTENT_KEYS[dialect] ?? []);
  const fragments: ViewFragment[] = [];
  if (dialect === "responses") {
    if (typeof body.instructions === "string")
      fragments.push(piece(count, "base-instructions", "base-instructions", "instructions", -1, 0, body.instructions));
    appendAll(
      fragments,
      messageFragments(count, body.input as unknown[], dialect, typeof body.instructions === "string", summary),
    );
  } else if (dialect === "anthropic-messages") {
    appendAll(
      appendAll(fragments, systemFragments(count, body.system)),
      messageFragments(count, body.messages as unknown[], dialect, true, summary),
    );
  } else if (dialect === "chat-completions") {
    appendAll(fragments, messageFragments(count, body.messages as unknown[], dialect, false, summary));
  } else if (dialect === "gemini") {
    appendAll(
      appendAll(fragments, systemFragments(count, body.systemInstruction ?? body.system_instruction)),
      messageFragments(count, body.contents as unknown[], dialect, true, summary),
    );
  } else {
    diagnostics.push(
      diagnostic("capture/unknown-dialect", "warning", "request body is JSON but not a known model request; shown raw"),
    );
    fragments.push(piece(count, "unknown", "unknown", "raw", -1, 0, bodyText, false));
  }
  const rawTools = Array.isArray(body.tools) ? body.tools : [];
  const tools = (
    dialect === "gemini"
      ? rawTools.flatMap((t) => (isObj(t) && Array.isArray(t.functionDeclarations) ? t.functionDeclarations : [t]))
      : rawTools
  ).map((t) => toolCost(count, t));
  // Codex can declare tools inside the input (`additional_tools` items); list them, counted once as content.
  if (dialect === "responses") {
    (body.input as unknown[]).forEach((item, i) => {
      if (isObj(item) && Array.isArray(item.tools))
        for (const t of item.tools) tools.push({ ...toolCost(count, t), inInput: i });
    });
  }
  const params = Object.keys(body)
    .filter((k) => !content.has(k))
    .map((key) => ({ key, json: JSON.stringify(body[key]) }));
  return {
    dialect,
    keyOrder: Object.keys(body),
    params,
    fragments,
    tools,
    totals: {
      fragmentTokens: fragments.reduce((s, f) => s + f.tokens, 0),
      toolTokens: tools.reduce((s, t) => s + (t.inInput === undefined ? t.tokens : 0), 0),
      bytes: utf8Length(bodyText),
    },
    diagnostics,
  };
}
