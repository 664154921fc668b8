import { describe, expect, it } from "vitest";
import {
  buildCopilotNextBody,
  COPILOT_REPLAYED_REPLY_ID,
} from "../../../src/profiles/copilot/build-copilot-next-request.js";
import { COPILOT_STAND_IN_PROSE } from "../../../src/profiles/copilot/copilot-prose.js";
import type { CopilotSession } from "../../../src/profiles/copilot/copilot-session.js";
import type { CopilotTurn } from "../../../src/profiles/copilot/copilot-turn.js";

const turn: CopilotTurn = {
  cwd: "/r",
  gitRoot: "/r",
  os: "linux",
  availableTools: [],
  model: "gpt-5.5",
  datetime: "2026-12-01T08:00:00.000+00:00",
  message: "again",
  sessionId: "00000000-0000-4000-8000-000000000000",
  copilotHome: "/h/.copilot",
  customInstructions: [],
  inlinedInstructions: [],
  instructionRules: [],
  skills: [],
  provider: { wireApi: "responses", baseUrl: "" },
};
const session: CopilotSession = {
  sessionId: "11f2a9ea-6c15-4787-948f-1a5f5166d835",
  messages: [
    { role: "user", content: "<current_datetime>t</current_datetime>\n\nhello", messageId: "u" },
    {
      role: "assistant",
      content: "",
      messageId: "a",
      toolRequests: [{ toolCallId: "call_1", name: "view", arguments: { path: "/r/x" } }],
    },
    { role: "tool", toolCallId: "call_1", content: "x\n", success: true },
    { role: "assistant", content: "Done.", messageId: "b", toolRequests: [] },
  ],
  compactions: [],
  usage: [],
};

describe("buildCopilotNextBody", () => {
  it("replays the conversation as Copilot CLI does, then the new message, in the session's folder", () => {
    const built = buildCopilotNextBody(turn, COPILOT_STAND_IN_PROSE, session);
    expect(built.body.input).toEqual([
      {
        role: "user",
        content: [{ type: "input_text", text: "<current_datetime>t</current_datetime>\n\nhello" }],
        type: "message",
      },
      {
        type: "function_call",
        id: "fc_call_1",
        name: "view",
        arguments: '{"path":"/r/x"}',
        call_id: "call_1",
        status: "completed",
      },
      { type: "function_call_output", call_id: "call_1", output: "x\n" },
      {
        type: "message",
        id: COPILOT_REPLAYED_REPLY_ID,
        role: "assistant",
        content: [{ annotations: [], type: "output_text", text: "Done." }],
        status: "completed",
      },
      {
        role: "user",
        content: [
          { type: "input_text", text: "<current_datetime>2026-12-01T08:00:00.000+00:00</current_datetime>\n\nagain" },
        ],
        type: "message",
      },
    ]);
    expect(built.body.instructions).toContain(session.sessionId);
    expect(built.diagnostics?.map((d) => d.rule)).toEqual(["copilot/replayed-reply-id"]);
  });

  it("replays it over Chat Completions, each result with its tool's name and summary", () => {
    const summarised: CopilotSession = {
      ...session,
      messages: session.messages.map((m) =>
        m.role === "assistant" && m.toolRequests.length > 0
          ? { ...m, toolRequests: m.toolRequests.map((t) => ({ ...t, intentionSummary: "view x" })) }
          : m,
      ),
    };
    const built = buildCopilotNextBody(
      { ...turn, provider: { wireApi: "chat-completions", baseUrl: "" } },
      COPILOT_STAND_IN_PROSE,
      summarised,
    );
    expect((built.body.messages as unknown[]).slice(1)).toEqual([
      { role: "user", content: "<current_datetime>t</current_datetime>\n\nhello" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: "view", arguments: '{"path":"/r/x"}' } }],
      },
      {
        role: "tool",
        tool_call_id: "call_1",
        content: "x\n",
        __copilotMessageSource: { kind: "tool", name: "view", summary: "view x" },
      },
      { role: "assistant", content: "Done." },
      { role: "user", content: "<current_datetime>2026-12-01T08:00:00.000+00:00</current_datetime>\n\nagain" },
    ]);
    expect(built.diagnostics ?? []).toEqual([]);
  });

  it("says it leaves the conversation out over the Messages API", () => {
    const built = buildCopilotNextBody(
      { ...turn, provider: { wireApi: "anthropic-messages", baseUrl: "" } },
      COPILOT_STAND_IN_PROSE,
      session,
    );
    expect(built.diagnostics?.map((d) => d.rule)).toEqual(["copilot/resume-wire"]);
  });
});
