// The next request of a resumed Copilot CLI 1.0.102 session (`copilot --continue`, `--resume=ID`): the
// instructions built afresh for the folder as it is now (with the session's id in its session folder), the
// recorded conversation as Copilot replays it, then the new message with the time now. Pure. Measured with
// captures of the real binary (test/conformance/harness-exact.test.ts): a reply is a `message` output item, a tool
// request a `function_call` with id `fc_<call id>` and compact JSON arguments, its result a `function_call_output`.
import { diagnostic } from "../../model/diagnostic.js";
import type { WireLayer } from "../../model/harness-request.js";
import type { BuiltBody } from "../profile.js";
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
          arguments: typeof t.arguments === "string" ? t.arguments : JSON.stringify(t.arguments ?? {}),
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

export function buildCopilotNextBody(turn: CopilotTurn, prose: CopilotProse, session: CopilotSession): BuiltBody {
  const first = buildCopilotBody({ ...turn, sessionId: session.sessionId }, prose);
  if (turn.provider.wireApi !== "responses")
    return {
      ...first,
      diagnostics: [
        diagnostic(
          "copilot/resume-wire",
          "warning",
          `promptc replays a Copilot CLI session over the Responses API only; this ${turn.provider.wireApi} body leaves the recorded conversation out`,
        ),
      ],
    };
  const history = session.messages.flatMap(responsesItems);
  const input = first.body.input as unknown[];
  const body = { ...first.body, input: [...history, ...input] };
  const layers: WireLayer[] = first.layers.map((l) =>
    l.id === "user-message" ? { ...l, where: l.where.replace(/^input\[\d+\]/, `input[${history.length}]`) } : l,
  );
  history.forEach((h, i) =>
    layers.splice(layers.length - 1, 0, {
      id: `history:${i}`,
      layer: "history",
      where: `input[${i}]`,
      text: JSON.stringify(h),
      sources: [],
      prose: "data",
    }),
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
  return { body, layers, tools: first.tools, diagnostics };
}
