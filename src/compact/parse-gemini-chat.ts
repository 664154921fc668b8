// A Gemini CLI 0.61.0 chat file (`~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl`) as the history it
// sends next: `{"$set":{"messages":[…]}}` replaces the list (Gemini CLI writes the compressed history so), a
// message record appends or, with a known id, replaces one. Pure. Minimal reader for `compact --strategy
// gemini-cli` (harness-turns owns the full session readers).
import type { ResponseItem } from "../model/items.js";
import type { AgentSessionItems } from "./parse-pi-session.js";
import { GEMINI_SESSION_CONTEXT_OPEN } from "./gemini-cli-strategy.js";

type Rec = { [key: string]: unknown };
const isRec = (v: unknown): v is Rec => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
/** The tag Gemini CLI's summaries are written in (it looks for it to find an earlier summary). */
export const GEMINI_SNAPSHOT_MARKER = "<state_snapshot>";

export interface GeminiChatItems extends AgentSessionItems {
  /** The model turn after an earlier compression's summary (Gemini CLI's acknowledgement), when the file has one. */
  acknowledgement?: string;
}

export function isGeminiChatHeader(first: unknown): boolean {
  return isRec(first) && typeof first.sessionId === "string" && typeof first.projectHash === "string";
}

const parts = (content: unknown): Rec[] =>
  typeof content === "string" ? [{ text: content }] : Array.isArray(content) ? content.filter(isRec) : [];

function call(id: string, name: string, args: unknown): ResponseItem {
  return { type: "function_call", name, arguments: JSON.stringify(args ?? {}), call_id: id };
}

function itemsOf(message: Rec): ResponseItem[] {
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

export function parseGeminiChat(records: readonly unknown[]): GeminiChatItems {
  let messages: Rec[] = [];
  let acknowledgement: string | undefined;
  let lastPromptTokens: number | undefined;
  for (const r of records) {
    if (!isRec(r)) continue;
    if (isRec(r.$set) && Array.isArray(r.$set.messages)) {
      messages = r.$set.messages.filter(isRec);
      // A compressed history: session context, the summary (a `<state_snapshot>`, as Gemini CLI's summariser is
      // told to write), then the model's acknowledgement.
      const [first, second, third] = messages;
      if (
        first?.type === "user" &&
        parts(first.content).some((p) => str(p.text).startsWith(GEMINI_SESSION_CONTEXT_OPEN)) &&
        parts(second?.content).some((p) => str(p.text).includes(GEMINI_SNAPSHOT_MARKER)) &&
        third?.type === "gemini"
      )
        acknowledgement = parts(third.content)
          .map((p) => str(p.text))
          .join("");
      continue;
    }
    if (typeof r.id !== "string" || typeof r.type !== "string") continue;
    const at = messages.findIndex((m) => m.id === r.id);
    if (at >= 0) messages[at] = r;
    else messages.push(r);
    if (r.type === "gemini" && isRec(r.tokens) && typeof r.tokens.input === "number") lastPromptTokens = r.tokens.input;
  }
  const model = messages.findLast((m) => m.type === "gemini" && typeof m.model === "string")?.model;
  return {
    history: messages.flatMap(itemsOf),
    summaries: [],
    ...(typeof model === "string" ? { model } : {}),
    ...(lastPromptTokens !== undefined ? { lastTotalTokens: lastPromptTokens } : {}),
    ...(acknowledgement !== undefined ? { acknowledgement } : {}),
  };
}
