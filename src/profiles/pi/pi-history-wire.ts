// pi 0.73.1's conversation (its provider-neutral messages) in the body of each of its four APIs, as pi sends it
// again on `--continue`: failed or aborted replies left out, a tool call without a result answered with an error
// result, then each message in that API's shape. Pure. Facts from pi-ai's providers (dist/providers/*.js) and
// loopback captures; assumes the replies came from the model the session continues with.
import type { PiApi } from "./pi-turn.js";
import type { PiContentBlock, PiMessage } from "./pi-session.js";

type Obj = { [key: string]: unknown };

/** pi's text for a result it never got (the call was left unanswered). */
export const PI_MISSING_RESULT_TEXT = "No result provided";

/** Replies that failed are dropped; unanswered tool calls get an error result before the next message. */
export function normalizePiMessages(messages: readonly PiMessage[]): PiMessage[] {
  const out: PiMessage[] = [];
  let pending: { id: string; name: string }[] = [];
  let answered = new Set<string>();
  const close = () => {
    for (const c of pending)
      if (!answered.has(c.id))
        out.push({
          role: "toolResult",
          toolCallId: c.id,
          toolName: c.name,
          content: [{ type: "text", text: PI_MISSING_RESULT_TEXT }],
          isError: true,
        });
    pending = [];
    answered = new Set();
  };
  for (const m of messages) {
    if (m.role === "assistant") {
      close();
      if (m.stopReason === "error" || m.stopReason === "aborted") continue;
      const calls = m.content.flatMap((b) => (b.type === "toolCall" ? [{ id: b.id, name: b.name }] : []));
      if (calls.length > 0) {
        pending = calls;
        answered = new Set();
      }
    } else if (m.role === "toolResult") answered.add(m.toolCallId);
    else close();
    out.push(m);
  }
  close();
  return out;
}

const texts = (blocks: readonly PiContentBlock[]) =>
  blocks.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
const userBlocks = (c: string | PiContentBlock[]): PiContentBlock[] =>
  typeof c === "string" ? [{ type: "text", text: c }] : c;

function responses(messages: readonly PiMessage[]): Obj[] {
  const out: Obj[] = [];
  messages.forEach((m, index) => {
    if (m.role === "user") {
      const content = userBlocks(m.content).flatMap((b): Obj[] =>
        b.type === "text"
          ? [{ type: "input_text", text: b.text }]
          : b.type === "image"
            ? [{ type: "input_image", detail: "auto", image_url: `data:${b.mimeType};base64,${b.data}` }]
            : [],
      );
      if (content.length > 0) out.push({ role: "user", content });
    } else if (m.role === "assistant") {
      for (const b of m.content) {
        if (b.type === "thinking" && b.thinkingSignature) out.push(JSON.parse(b.thinkingSignature) as Obj);
        else if (b.type === "text") {
          let sig: { id?: string; phase?: string } | undefined;
          try {
            sig = b.textSignature ? (JSON.parse(b.textSignature) as { id?: string; phase?: string }) : undefined;
          } catch {
            sig = undefined;
          }
          const item: Obj = {
            type: "message",
            role: "assistant",
            content: [{ type: "output_text", text: b.text, annotations: [] }],
            status: "completed",
            id: sig?.id ?? `msg_${index}`,
          };
          if (sig?.phase !== undefined) item.phase = sig.phase;
          out.push(item);
        } else if (b.type === "toolCall") {
          const [callId, itemId] = b.id.split("|");
          const item: Obj = { type: "function_call" };
          if (itemId !== undefined) item.id = itemId;
          Object.assign(item, { call_id: callId, name: b.name, arguments: JSON.stringify(b.arguments) });
          out.push(item);
        }
      }
    } else {
      const text = texts(m.content);
      out.push({
        type: "function_call_output",
        call_id: m.toolCallId.split("|")[0],
        output: text !== "" ? text : "(see attached image)",
      });
    }
  });
  return out;
}

function completions(messages: readonly PiMessage[]): Obj[] {
  const out: Obj[] = [];
  for (const m of messages) {
    if (m.role === "user") {
      if (typeof m.content === "string") out.push({ role: "user", content: m.content });
      else if (m.content.length > 0)
        out.push({
          role: "user",
          content: m.content.flatMap((b): Obj[] =>
            b.type === "text"
              ? [{ type: "text", text: b.text }]
              : b.type === "image"
                ? [{ type: "image_url", image_url: { url: `data:${b.mimeType};base64,${b.data}` } }]
                : [],
          ),
        });
    } else if (m.role === "assistant") {
      const text = m.content.flatMap((b) => (b.type === "text" && b.text.trim() !== "" ? [b.text] : [])).join("");
      const msg: Obj = { role: "assistant", content: text.length > 0 ? text : null };
      const calls = m.content.flatMap((b) => (b.type === "toolCall" ? [b] : []));
      if (calls.length > 0)
        msg.tool_calls = calls.map((c) => ({
          id: c.id,
          type: "function",
          function: { name: c.name, arguments: JSON.stringify(c.arguments) },
        }));
      if (msg.content === null && msg.tool_calls === undefined) continue;
      out.push(msg);
    } else {
      const text = texts(m.content);
      out.push({ role: "tool", content: text !== "" ? text : "(see attached image)", tool_call_id: m.toolCallId });
    }
  }
  return out;
}

function anthropic(messages: readonly PiMessage[]): Obj[] {
  const out: Obj[] = [];
  for (const m of messages) {
    if (m.role === "user") {
      if (typeof m.content === "string") {
        if (m.content.trim() !== "") out.push({ role: "user", content: m.content });
        continue;
      }
      const blocks = m.content.flatMap((b): Obj[] =>
        b.type === "text"
          ? b.text.trim() === ""
            ? []
            : [{ type: "text", text: b.text }]
          : b.type === "image"
            ? [{ type: "image", source: { type: "base64", media_type: b.mimeType, data: b.data } }]
            : [],
      );
      if (blocks.length > 0) out.push({ role: "user", content: blocks });
    } else if (m.role === "assistant") {
      const blocks = m.content.flatMap((b): Obj[] => {
        if (b.type === "text") return b.text.trim() === "" ? [] : [{ type: "text", text: b.text }];
        if (b.type === "thinking") {
          if (b.redacted) return [{ type: "redacted_thinking", data: b.thinkingSignature }];
          if (b.thinking.trim() === "") return [];
          return b.thinkingSignature?.trim()
            ? [{ type: "thinking", thinking: b.thinking, signature: b.thinkingSignature }]
            : [{ type: "text", text: b.thinking }];
        }
        if (b.type === "toolCall") return [{ type: "tool_use", id: b.id, name: b.name, input: b.arguments ?? {} }];
        return [];
      });
      if (blocks.length > 0) out.push({ role: "assistant", content: blocks });
    } else {
      const result = { type: "tool_result", tool_use_id: m.toolCallId, content: texts(m.content), is_error: m.isError };
      const last = out[out.length - 1];
      // Consecutive results go in one user message.
      const prev = last?.role === "user" && Array.isArray(last.content) ? (last.content as Obj[]) : undefined;
      if (prev !== undefined && prev.every((b) => b.type === "tool_result")) prev.push(result);
      else out.push({ role: "user", content: [result] });
    }
  }
  return out;
}

function google(messages: readonly PiMessage[]): Obj[] {
  const out: Obj[] = [];
  for (const m of messages) {
    if (m.role === "user") {
      const parts = userBlocks(m.content).flatMap((b): Obj[] =>
        b.type === "text"
          ? [{ text: b.text }]
          : b.type === "image"
            ? [{ inlineData: { mimeType: b.mimeType, data: b.data } }]
            : [],
      );
      if (parts.length > 0) out.push({ parts, role: "user" });
    } else if (m.role === "assistant") {
      const parts = m.content.flatMap((b): Obj[] => {
        if (b.type === "text") return b.text.trim() === "" ? [] : [{ text: b.text }];
        if (b.type === "thinking") return b.thinking.trim() === "" ? [] : [{ text: b.thinking, thought: true }];
        if (b.type === "toolCall") return [{ functionCall: { args: b.arguments ?? {}, name: b.name } }];
        return [];
      });
      if (parts.length > 0) out.push({ parts, role: "model" });
    } else {
      const text = texts(m.content);
      const part = {
        functionResponse: { name: m.toolName, response: m.isError ? { error: text } : { output: text } },
      };
      const last = out[out.length - 1];
      const lastParts = last?.role === "user" ? (last.parts as Obj[]) : undefined;
      // All function responses of one turn go in one user content.
      if (lastParts?.some((p) => p.functionResponse !== undefined)) lastParts.push(part);
      else out.push({ parts: [part], role: "user" });
    }
  }
  return out;
}

export const PI_HISTORY_WIRE: { readonly [A in PiApi]: (messages: readonly PiMessage[]) => Obj[] } = {
  "openai-responses": responses,
  "openai-completions": completions,
  "anthropic-messages": anthropic,
  "google-generative-ai": google,
};
