// The next request of a resumed Copilot CLI 1.0.102 session (`copilot --continue`, `--resume=ID`): the
// instructions built afresh for the folder as it is now (with the session's id in its session folder), the
// recorded conversation as Copilot replays it, then the new message with the time now. Pure. Measured with
// captures of the real binary (test/conformance/harness-exact.test.ts). Over Responses a reply is a `message`
// output item, a tool request a `function_call` with id `fc_<call id>` and compact JSON arguments, its result a
// `function_call_output`; over Chat Completions the same as `assistant` (null content beside tool calls) and
// `tool` messages, a result carrying its tool's name and Copilot's summary of the call.
import { diagnostic } from "../../model/diagnostic.js";
import type { BuiltBody } from "../profile.js";
import { withHistoryLayers } from "../with-history-layers.js";
import { buildCopilotBody } from "./build-copilot-request.js";
import type { CopilotProse } from "./copilot-prose.js";
import type { CopilotMessage, CopilotSession } from "./copilot-session.js";
import type { CopilotTurn } from "./copilot-turn.js";

/**
 * Copilot names each replayed reply `msg_<uuid>` with a uuid computed from the reply's text (the same text gives
 * the same id in any session); promptc does not know that function and writes this in its place.
 */
export const COPILOT_REPLAYED_REPLY_ID = "msg_<replayed reply id>";

type Json = { [key: string]: unknown };

/** One recorded message as Responses input items (a reply with only tool requests has no message item). */
function responsesItems(m: CopilotMessage): Json[] {
  switch (m.role) {
    case "user":
      return [{ role: "user", content: [{ type: "input_text", text: m.content }], type: "message" }];
    case "assistant": {
      const items: Json[] =
        m.content === ""
          ? []
          : [
              {
                type: "message",
                id: COPILOT_REPLAYED_REPLY_ID,
                role: "assistant",
                content: [{ annotations: [], type: "output_text", text: m.content }],
                status: "completed",
              },
            ];
      for (const t of m.toolRequests)
        items.push({
          type: "function_call",
          id: `fc_${t.toolCallId}`,
          name: t.name,
          arguments: argumentsText(t.arguments),
          call_id: t.toolCallId,
          status: "completed",
        });
      return items;
    }
    case "tool":
      return [{ type: "function_call_output", call_id: m.toolCallId, output: m.content }];
    default: {
      const never: never = m;
      throw new Error(`unknown Copilot message ${String((never as { role: unknown }).role)}`);
    }
  }
}

/** The recorded messages as Chat Completions messages (a tool result names its call's tool and summary). */
function chatMessages(messages: readonly CopilotMessage[]): Json[] {
  const requests = new Map(
    messages.flatMap((m) => (m.role === "assistant" ? m.toolRequests.map((t) => [t.toolCallId, t] as const) : [])),
  );
  return messages.map((m): Json => {
    switch (m.role) {
      case "user":
        return { role: "user", content: m.content };
      case "assistant":
        return m.toolRequests.length === 0
          ? { role: "assistant", content: m.content }
          : {
              role: "assistant",
              content: m.content === "" ? null : m.content,
              tool_calls: m.toolRequests.map((t) => ({
                id: t.toolCallId,
                type: "function",
                function: { name: t.name, arguments: argumentsText(t.arguments) },
              })),
            };
      case "tool": {
        const request = requests.get(m.toolCallId);
        const source: Json = { kind: "tool", name: request?.name ?? "" };
        if (request?.intentionSummary !== undefined) source.summary = request.intentionSummary;
        return { role: "tool", tool_call_id: m.toolCallId, content: m.content, __copilotMessageSource: source };
      }
      default: {
        const never: never = m;
        throw new Error(`unknown Copilot message ${String((never as { role: unknown }).role)}`);
      }
    }
  });
}

const argumentsText = (args: unknown): string => (typeof args === "string" ? args : JSON.stringify(args ?? {}));

export function buildCopilotNextBody(turn: CopilotTurn, prose: CopilotProse, session: CopilotSession): BuiltBody {
  const first = buildCopilotBody({ ...turn, sessionId: session.sessionId }, prose);
  if (turn.provider.wireApi === "chat-completions") {
    const history = chatMessages(session.messages);
    const [system, ...rest] = first.body.messages as unknown[];
    return withHistoryLayers(first, { ...first.body, messages: [system, ...history, ...rest] }, "messages", 1, history);
  }
  if (turn.provider.wireApi !== "responses")
    return {
      ...first,
      diagnostics: [
        diagnostic(
          "copilot/resume-wire",
          "warning",
          `promptc replays a Copilot CLI session over the Responses and Chat Completions APIs; this ${turn.provider.wireApi} body leaves the recorded conversation out`,
        ),
      ],
    };
  const history = session.messages.flatMap(responsesItems);
  const built = withHistoryLayers(
    first,
    { ...first.body, input: [...history, ...(first.body.input as unknown[])] },
    "input",
    0,
    history,
  );
  const replies = history.filter((h) => h.id === COPILOT_REPLAYED_REPLY_ID).length;
  const diagnostics =
    replies === 0
      ? []
      : [
          diagnostic(
            "copilot/replayed-reply-id",
            "info",
            `Copilot CLI names each of the ${replies} replayed replies with an id it computes from the reply's text; promptc writes ${COPILOT_REPLAYED_REPLY_ID} there`,
          ),
        ];
  return { ...built, diagnostics };
}

/** The first request's layers with the history's in place (`lead` entries before it in `key`). */
