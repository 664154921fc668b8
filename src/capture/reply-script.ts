// Scripted replies for the fake model: per model request, text, tool calls, reported usage or an HTTP error.
// Parsed from JSON or YAML text into data, problems as diagnostics. Pure.
import YAML from "yaml";
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import { oneLine } from "../model/one-line.js";

export interface ScriptedToolCall {
  name: string;
  /** JSON arguments; an object is serialised, a string is sent as-is. */
  arguments: string;
  callId?: string;
}

export interface ScriptedUsage {
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
}

export interface ScriptedReply {
  text?: string;
  toolCalls: ScriptedToolCall[];
  usage?: Partial<ScriptedUsage>;
  /** Answer with this HTTP status and message instead of a streamed reply. */
  error?: { status: number; message: string };
}

export interface ReplyScript {
  /** One entry per model request, in order; after the last one `fallback` answers. */
  replies: ScriptedReply[];
  fallback: ScriptedReply;
}

export const DEFAULT_REPLY_TEXT = "Done.";
export const DEFAULT_REPLY: ScriptedReply = { text: DEFAULT_REPLY_TEXT, toolCalls: [] };
export const DEFAULT_SCRIPT: ReplyScript = { replies: [], fallback: DEFAULT_REPLY };

type Obj = { [key: string]: unknown };
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

function parseReply(raw: unknown, where: string, file: string, diagnostics: Diagnostic[]): ScriptedReply | undefined {
  const bad = (msg: string): undefined => {
    diagnostics.push(diagnostic("capture/invalid-reply-script", "error", `${where}: ${msg}`, { file }));
    return undefined;
  };
  if (typeof raw === "string") return { text: raw, toolCalls: [] };
  if (!isObj(raw)) return bad("expected a string or a mapping");
  const reply: ScriptedReply = { toolCalls: [] };
  if (raw.text !== undefined) {
    if (typeof raw.text !== "string") return bad("text must be a string");
    reply.text = raw.text;
  }
  const calls = raw.tool_calls ?? raw.toolCalls;
  if (calls !== undefined) {
    if (!Array.isArray(calls)) return bad("tool_calls must be a list");
    for (const [i, c] of calls.entries()) {
      if (!isObj(c) || typeof c.name !== "string") return bad(`tool_calls[${i}] needs a name`);
      const args = c.arguments ?? {};
      const call: ScriptedToolCall = {
        name: c.name,
        arguments: typeof args === "string" ? args : JSON.stringify(args),
      };
      const id = c.call_id ?? c.callId;
      if (typeof id === "string") call.callId = id;
      reply.toolCalls.push(call);
    }
  }
  if (raw.usage !== undefined) {
    if (!isObj(raw.usage)) return bad("usage must be a mapping");
    const u: Partial<ScriptedUsage> = {};
    for (const [key, field] of [
      ["input_tokens", "inputTokens"],
      ["output_tokens", "outputTokens"],
      ["cached_tokens", "cachedTokens"],
    ] as const) {
      const v = raw.usage[key] ?? raw.usage[field];
      if (v === undefined) continue;
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0)
        return bad(`usage.${key} must be a non-negative integer`);
      u[field] = v;
    }
    reply.usage = u;
  }
  if (raw.error !== undefined) {
    const e = raw.error;
    const status = isObj(e) ? e.status : undefined;
    if (!isObj(e) || typeof status !== "number" || status < 400 || status > 599)
      return bad("error needs a status between 400 and 599");
    reply.error = { status, message: typeof e.message === "string" ? e.message : "scripted error" };
  }
  if (reply.text === undefined && reply.toolCalls.length === 0 && reply.error === undefined)
    reply.text = DEFAULT_REPLY_TEXT;
  return reply;
}

/** Accepts `{replies: [...], fallback?}` or a bare list; each reply a string or `{text, tool_calls, usage, error}`. */
export function parseReplyScript(text: string, file = "<reply script>"): Result<ReplyScript> {
  const diagnostics: Diagnostic[] = [];
  let data: unknown;
  try {
    data = YAML.parse(text, { maxAliasCount: 100 });
  } catch (error) {
    diagnostics.push(
      diagnostic(
        "capture/invalid-reply-script",
        "error",
        `${file}: ${oneLine(error instanceof Error ? error.message : String(error))}`,
        { file },
      ),
    );
    return { value: DEFAULT_SCRIPT, diagnostics };
  }
  const list = Array.isArray(data) ? data : isObj(data) ? data.replies : undefined;
  if (!Array.isArray(list)) {
    diagnostics.push(
      diagnostic(
        "capture/invalid-reply-script",
        "error",
        `${file}: expected a list of replies or a mapping with 'replies'`,
        { file },
      ),
    );
    return { value: DEFAULT_SCRIPT, diagnostics };
  }
  const replies = list.flatMap((r, i) => parseReply(r, `replies[${i}]`, file, diagnostics) ?? []);
  const fb =
    isObj(data) && data.fallback !== undefined ? parseReply(data.fallback, "fallback", file, diagnostics) : undefined;
  return { value: { replies, fallback: fb ?? DEFAULT_REPLY }, diagnostics };
}

/** The reply for the n-th model request (0-based). */
export function replyFor(script: ReplyScript, index: number): ScriptedReply {
  return script.replies[index] ?? script.fallback;
}
