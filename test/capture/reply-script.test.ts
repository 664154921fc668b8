import { describe, expect, it } from "vitest";
import { DEFAULT_REPLY, parseReplyScript, replyFor } from "../../src/capture/reply-script.js";

describe("parseReplyScript", () => {
  it("reads YAML replies with tool calls, usage and errors", () => {
    const r = parseReplyScript(
      [
        "replies:",
        "  - tool_calls: [{name: shell, arguments: {cmd: ls}, call_id: c1}]",
        "  - text: All good",
        "    usage: {input_tokens: 60000, cached_tokens: 10}",
        "  - error: {status: 500, message: boom}",
        "fallback: Bye",
      ].join("\n"),
    );
    expect(r).toEqual({
      value: {
        replies: [
          { toolCalls: [{ name: "shell", arguments: '{"cmd":"ls"}', callId: "c1" }] },
          { text: "All good", toolCalls: [], usage: { inputTokens: 60000, cachedTokens: 10 } },
          { toolCalls: [], error: { status: 500, message: "boom" } },
        ],
        fallback: { text: "Bye", toolCalls: [] },
      },
      diagnostics: [],
    });
  });

  it("accepts a bare JSON list and falls back to the default reply", () => {
    const r = parseReplyScript('["one", {"text": "two"}]');
    expect(r.diagnostics).toEqual([]);
    expect(replyFor(r.value, 0)).toEqual({ text: "one", toolCalls: [] });
    expect(replyFor(r.value, 2)).toEqual(DEFAULT_REPLY);
  });

  it.each([
    ["{broken", /r\.yaml: Flow map/],
    ["42", /expected a list/],
    ["[{tool_calls: [{arguments: {}}]}]", /needs a name/],
    ["[{usage: {input_tokens: -1}}]", /non-negative integer/],
    ["[{error: {status: 200}}]", /between 400 and 599/],
  ])("reports %s as a diagnostic, never throws", (text, message) => {
    const r = parseReplyScript(text, "r.yaml");
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(r.diagnostics[0]?.rule).toBe("capture/invalid-reply-script");
    expect(r.diagnostics[0]?.message).toMatch(message);
  });
});
