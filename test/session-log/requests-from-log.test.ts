import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSessionLog } from "../../src/session-log/parse-rollout.js";
import { requestsFromLog } from "../../src/session-log/requests-from-log.js";

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, "..", "..", "fixtures", "transcripts", name), "utf8");
const record = (type: string, payload: unknown) => JSON.stringify({ timestamp: "t", type, payload });
const user = (text: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });

describe("requestsFromLog", () => {
  it("rebuilds a rollout's request as the history before the reply, the session's base instructions first", () => {
    const text = fixture("codex-0.171-resume-baseline.jsonl");
    const { value, diagnostics } = requestsFromLog(text);
    expect(diagnostics).toEqual([]);
    expect(value.requests.map((r) => [r.line, r.exact, r.request.model, r.request.input.length])).toEqual([
      [11, false, "gpt-5.2-codex", 4],
    ]);
    const history = parseSessionLog(text).value.history;
    expect(value.requests[0]!.request.input).toEqual([
      {
        type: "message",
        role: "developer",
        content: [
          {
            type: "input_text",
            text: "Fixture base instructions (resume baseline): work carefully in the repository.\n\n## Final answer\n\nFixture closing section.\n",
          },
        ],
      },
      ...history.slice(0, 3),
    ]);
    expect(value.notes).toHaveLength(1);
  });

  it("leaves out the summarisation requests of compactions and counts them", () => {
    const { value } = requestsFromLog(fixture("codex-0.171-mid-turn-tool-calls.jsonl"));
    // Line 54 answers the mid-turn compaction (line 57 follows it); line 64 answers the continued turn.
    expect(value.requests.map((r) => r.line)).toEqual([11, 28, 47, 64]);
    expect(value.notes[1]).toBe("3 compaction request(s) left out (their summarisation prompt is not logged)");
  });

  it("rebuilds promptc's request_sent records exactly: tools and instructions carried from the last record that had them", () => {
    const tools = [
      {
        type: "function",
        name: "shell",
        description: "d",
        strict: false,
        parameters: { type: "object", properties: {} },
      },
    ];
    const text = [
      record("response_item", user("a")),
      record("event_msg", {
        type: "request_sent",
        input_items: 1,
        tools_hash: "h",
        tools,
        instructions_hash: "i",
        instructions: "Be kind.",
        params: { model: "m", store: false },
      }),
      record("response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: "ok" }] }),
      record("response_item", user("b")),
      record("event_msg", {
        type: "request_sent",
        input_items: 3,
        tools_hash: "h",
        instructions_hash: "i",
        params: { model: "m", store: false },
      }),
      record("event_msg", { type: "request_sent", input_items: 9, tools_hash: "h", params: {} }),
    ].join("\n");
    const { value, diagnostics } = requestsFromLog(text, { file: "s.jsonl" });
    expect(value.requests.map((r) => r.request)).toEqual([
      { model: "m", store: false, instructions: "Be kind.", input: [user("a")], tools },
      {
        model: "m",
        store: false,
        instructions: "Be kind.",
        input: [
          user("a"),
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "ok" }] },
          user("b"),
        ],
        tools,
      },
    ]);
    expect(value.notes).toEqual([]);
    expect(diagnostics.map((d) => [d.rule, d.place?.line])).toEqual([["session/malformed-line", 6]]);
  });
});
