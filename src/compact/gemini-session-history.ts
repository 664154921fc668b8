// A Gemini CLI session, as session-log/'s one reader of its files gives it, as history items for
// `compact --strategy gemini-cli`: every recorded message (the session context included, as the compression sees
// it), and the acknowledgement an earlier compression recorded. Pure.
import type { ResponseItem } from "../model/items.js";
import { GEMINI_SESSION_CONTEXT_OPEN, GEMINI_SNAPSHOT_MARKER } from "../profiles/gemini-cli/gemini-facts.js";
import type { GeminiRecordedMessage, GeminiSession } from "../profiles/gemini-cli/gemini-session.js";
import type { AgentSessionItems } from "./agent-session-items.js";

type Rec = { [key: string]: unknown };
const isRec = (v: unknown): v is Rec => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface GeminiSessionItems extends AgentSessionItems {
  /** The model turn after an earlier compression's summary (Gemini CLI's acknowledgement), when the file has one. */
  acknowledgement?: string;
}

const parts = (content: unknown): Rec[] =>
  typeof content === "string" ? [{ text: content }] : Array.isArray(content) ? content.filter(isRec) : [];

function call(id: string, name: string, args: unknown): ResponseItem {
  return { type: "function_call", name, arguments: JSON.stringify(args ?? {}), call_id: id };
}

function itemsOf(message: GeminiRecordedMessage): ResponseItem[] {
  const ps = parts(message.content);
  if (message.type === "user") {
    const out: ResponseItem[] = [];
    const texts = ps.filter((p) => typeof p.text === "string").map((p) => str(p.text));
    if (texts.length > 0)
      out.push({ type: "message", role: "user", content: texts.map((text) => ({ type: "input_text", text })) });
    for (const p of ps)
      if (isRec(p.functionResponse)) {
        const r = p.functionResponse;
        const response =
          isRec(r.response) && typeof r.response.output === "string"
            ? r.response.output
            : JSON.stringify(r.response ?? {});
        out.push({ type: "function_call_output", call_id: str(r.id), output: response });
      }
    return out;
  }
  if (message.type !== "gemini") return [];
  const out: ResponseItem[] = [];
  const texts = ps
    .filter((p) => typeof p.text === "string" && p.text !== "" && p.thought !== true)
    .map((p) => str(p.text));
  if (texts.length > 0)
    out.push({ type: "message", role: "assistant", content: texts.map((text) => ({ type: "output_text", text })) });
  const inline = ps.filter((p) => isRec(p.functionCall)).map((p) => p.functionCall as Rec);
  for (const fc of inline) out.push(call(str(fc.id), str(fc.name), fc.args));
  if (inline.length === 0 && Array.isArray(message.toolCalls))
    for (const tc of message.toolCalls.filter(isRec)) out.push(call(str(tc.id), str(tc.name), tc.args));
  return out;
}

/** A compressed history opens with the session context, the summary (a `<state_snapshot>`), then the model's
 * acknowledgement. */
function acknowledgementOf(messages: readonly GeminiRecordedMessage[]): string | undefined {
  const [first, second, third] = messages;
  if (
    first?.type === "user" &&
    parts(first.content).some((p) => str(p.text).startsWith(GEMINI_SESSION_CONTEXT_OPEN)) &&
    parts(second?.content).some((p) => str(p.text).includes(GEMINI_SNAPSHOT_MARKER)) &&
    third?.type === "gemini"
  )
    return parts(third.content)
      .map((p) => str(p.text))
      .join("");
  return undefined;
}

export function buildGeminiSessionItems(session: GeminiSession): GeminiSessionItems {
  const acknowledgement = acknowledgementOf(session.messages);
  const lastInput = session.usage.at(-1)?.input;
  return {
    history: session.messages.flatMap(itemsOf),
    summaries: [],
    ...(session.model !== undefined ? { model: session.model } : {}),
    ...(lastInput !== undefined ? { lastTotalTokens: lastInput } : {}),
    ...(acknowledgement !== undefined ? { acknowledgement } : {}),
  };
}
