import { describe, expect, it } from "vitest";
import { buildRequestView } from "../../src/capture/request-view.js";
import { countTokens } from "../../src/tokens/count.js";
import { DEFAULT_PROSE } from "../../src/profiles/default-prose.generated.js";

const msg = (role: string, ...texts: string[]) => ({
  type: "message",
  id: "m",
  role,
  content: texts.map((text) => ({ type: "input_text", text })),
});

const body = {
  model: "m",
  stream: true,
  input: [
    msg("developer", "Base words."),
    msg(
      "developer",
      "Extra developer words.",
      "<skills_instructions>\nS\n</skills_instructions>",
      "<permissions instructions>\nP\n</permissions instructions>",
      "<collaboration_mode>C</collaboration_mode>",
    ),
    msg(
      "user",
      "# AGENTS.md instructions for /r\n\n<INSTRUCTIONS>\nx\n</INSTRUCTIONS>",
      "<environment_context>\n  <cwd>/r</cwd>\n</environment_context>",
    ),
    msg("user", "do it"),
    msg("user", "<skill>\n<name>a</name>\n</skill>"),
    { type: "function_call", call_id: "c", name: "shell", arguments: "{}" },
    { type: "mystery", payload: 1 },
  ],
  tools: [
    {
      type: "function",
      name: "shell",
      description: "d",
      strict: false,
      parameters: { type: "object", properties: {} },
    },
    { type: "web_search" },
  ],
  tool_choice: "auto",
  prompt_cache_key: "k",
};

describe("buildRequestView", () => {
  it("labels every content piece by marker or developer section and keeps unknown items raw", () => {
    const v = buildRequestView(JSON.stringify(body));
    expect(v.dialect).toBe("responses");
    expect(v.keyOrder).toEqual(["model", "stream", "input", "tools", "tool_choice", "prompt_cache_key"]);
    expect(v.params).toEqual([
      { key: "model", json: '"m"' },
      { key: "stream", json: "true" },
      { key: "tool_choice", json: '"auto"' },
      { key: "prompt_cache_key", json: '"k"' },
    ]);
    expect(v.fragments.map((f) => [f.itemIndex, f.contentIndex, f.role, f.id, f.layer, f.known])).toEqual([
      [0, 0, "developer", "base-instructions", "base-instructions", true],
      [1, 0, "developer", "developer-instructions", "developer", true],
      [1, 1, "developer", "skills", "developer", true],
      [1, 2, "developer", "permissions", "developer", true],
      [1, 3, "developer", "developer-section:collaboration_mode", "developer", true],
      [2, 0, "user", "agents-md", "agents-md", true],
      [2, 1, "user", "environment-context", "environment", true],
      [3, 0, "user", "user-message", "user-message", true],
      [4, 0, "user", "skill", "skill-injection", true],
      [5, 0, "function_call", "function_call", "history", true],
      [6, 0, "mystery", "mystery", "history", true],
    ]);
    expect(v.fragments[10]?.text).toBe('{"type":"mystery","payload":1}');
    expect(v.fragments[0]?.tokens).toBe(countTokens("Base words."));
    expect(v.tools.map((t) => t.name)).toEqual(["shell", "web_search"]);
    expect(v.tools[1]?.tokens).toBe(countTokens('{"type":"web_search"}'));
    expect(v.totals.fragmentTokens).toBe(v.fragments.reduce((s, f) => s + f.tokens, 0));
    expect(v.diagnostics).toEqual([]);
  });

  it("uses the instructions field as base instructions when present", () => {
    const v = buildRequestView(JSON.stringify({ model: "m", instructions: "I", input: [msg("developer", "D")] }));
    expect(v.fragments.map((f) => [f.itemIndex, f.id])).toEqual([
      [-1, "base-instructions"],
      [0, "developer-instructions"],
    ]);
  });

  it.each([
    [
      "a codex-layout request: only input[0] is the base",
      [
        msg("developer", "Base."),
        msg("developer", "Config words.", "<permissions instructions>\nP\n</permissions instructions>"),
        msg("user", "hi"),
        msg("developer", "Config words."),
      ],
      ["base-instructions", "developer-instructions", "permissions", "user-message", "developer-instructions"],
    ],
    [
      "a bundle first (no base item): its config developer instructions are not the base",
      [
        msg("developer", "Config words.", "<permissions instructions>\nP\n</permissions instructions>"),
        msg("user", "hi"),
      ],
      ["developer-instructions", "permissions", "user-message"],
    ],
    [
      "a history first: a later single developer item is not the base",
      [msg("user", "hi"), msg("developer", "Config words.")],
      ["user-message", "developer-instructions"],
    ],
    [
      "a tagged first developer item is a section, not the base",
      [msg("developer", "<permissions instructions>\nP\n</permissions instructions>")],
      ["permissions"],
    ],
  ])("labels base instructions only at the first developer item: %s", (_what, input, ids) => {
    expect(buildRequestView(JSON.stringify({ model: "m", input })).fragments.map((f) => f.id)).toEqual(ids);
  });

  it("takes the first developer message after additional_tools items as the base", () => {
    const input = [
      { type: "additional_tools", role: "developer", tools: [] },
      msg("developer", "Base."),
      msg("developer", "Config words."),
    ];
    expect(buildRequestView(JSON.stringify({ model: "m", input })).fragments.map((f) => f.id)).toEqual([
      "additional_tools",
      "base-instructions",
      "developer-instructions",
    ]);
  });

  it("labels compaction summaries: the bundled promptc and codex prefixes, a prefix or text from a log", () => {
    const prefix = (id: string) => DEFAULT_PROSE[id]!.entries["compact-summary-prefix"]!.source.replace(/\n+$/, "");
    const input = [
      msg("user", `${prefix("promptc")}\nDid A.`),
      msg("user", `${prefix("codex")}\nDid B.`),
      msg("user", "Recovered prefix words.\nDid C."),
      msg("user", "An old summary without a prefix."),
      msg("user", `${prefix("promptc")} but no newline`),
      msg("user", "Recovered prefix words."),
    ];
    const view = (options = {}) =>
      buildRequestView(JSON.stringify({ model: "m", input }), undefined, options).fragments.map((f) => [f.id, f.layer]);
    const user = ["user-message", "user-message"];
    expect(view()).toEqual([["summary", "history"], ["summary", "history"], user, user, user, user]);
    expect(
      view({
        summary: { prefixes: ["Recovered prefix words."], texts: new Set(["An old summary without a prefix."]) },
      }),
    ).toEqual([
      ["summary", "history"],
      ["summary", "history"],
      ["summary", "history"],
      ["summary", "history"],
      user,
      user,
    ]);
  });

  it("counts tools declared inside additional_tools items once, as content", () => {
    const v = buildRequestView(
      JSON.stringify({
        model: "m",
        input: [{ type: "additional_tools", role: "developer", tools: [{ type: "function", name: "t" }] }],
      }),
    );
    expect(v.fragments.map((f) => [f.id, f.layer])).toEqual([["additional_tools", "extension"]]);
    expect(v.tools.map((t) => [t.name, t.inInput])).toEqual([["t", 0]]);
    expect(v.totals.toolTokens).toBe(0);
  });

  it("reads an Anthropic Messages body: header, system blocks, context sections, system messages, tool blocks, cache breakpoints", () => {
    const body = {
      model: "c",
      messages: [
        {
          role: "user",
          content: [
            {
              type: "text",
              text: "<system-reminder>\nctx\n# claudeMd\nnotes\n# currentDate\ntoday\n</system-reminder>\n",
            },
            { type: "text", text: "<system-reminder>\nother\n</system-reminder>" },
            { type: "text", text: "hi", cache_control: { type: "ephemeral" } },
          ],
        },
        { role: "system", content: "mid-conversation words" },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "t", signature: "s" },
            { type: "tool_use", id: "t", name: "Bash", input: {} },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "t", content: "ok", cache_control: { type: "ephemeral", ttl: "1h" } },
          ],
        },
      ],
      system: [
        { type: "text", text: "x-billing-header: v=1;" },
        { type: "text", text: "Identity.", cache_control: { type: "ephemeral" } },
        { type: "text", text: "Sys\nmore", cache_control: { type: "ephemeral" } },
      ],
      tools: [
        { name: "Bash", input_schema: {} },
        { name: "Read", input_schema: {}, cache_control: { type: "ephemeral" } },
      ],
      max_tokens: 10,
    };
    const v = buildRequestView(JSON.stringify(body), "anthropic-messages");
    expect(v.dialect).toBe("anthropic-messages");
    expect(v.fragments.map((f) => [f.itemIndex, f.contentIndex, f.role, f.id, f.layer, f.cache ?? null])).toEqual([
      [-1, 0, "system", "system-header", "extension", null],
      [-1, 1, "system", "base-instructions", "base-instructions", "ephemeral"],
      [-1, 2, "system", "system", "base-instructions", "ephemeral"],
      [0, 0, "user", "system-reminder:claudeMd+currentDate", "agents-md", null],
      [0, 1, "user", "system-reminder", "extension", null],
      [0, 2, "user", "user-message", "user-message", "ephemeral"],
      [1, 0, "system", "system-message", "developer", null],
      [2, 0, "assistant", "thinking", "history", null],
      [2, 1, "assistant", "tool_use", "history", null],
      [3, 0, "user", "tool_result", "history", "ephemeral 1h"],
    ]);
    expect(v.tools.map((t) => [t.name, t.cache ?? null])).toEqual([
      ["Bash", null],
      ["Read", "ephemeral"],
    ]);
    expect(v.params.map((p) => p.key)).toEqual(["model", "max_tokens"]);
  });

  it("takes a chat-completions system message as the base instructions", () => {
    const v = buildRequestView(
      JSON.stringify({
        model: "m",
        messages: [
          { role: "system", content: "S" },
          { role: "user", content: "u" },
        ],
      }),
    );
    expect(v.dialect).toBe("chat-completions");
    expect(v.fragments.map((f) => [f.role, f.id, f.layer])).toEqual([
      ["system", "base-instructions", "base-instructions"],
      ["user", "user-message", "user-message"],
    ]);
  });

  it.each([
    [
      "a Responses body sent to the Messages path",
      '{"model":"m","input":[{"type":"message","role":"user","content":"hi"}]}',
      "anthropic-messages",
      "responses",
    ],
    ["a body without any conversation list", '{"model":"m","prompt":"hi"}', "responses", "unknown"],
    [
      "a Messages body with messages not a list",
      '{"model":"m","messages":{"role":"user"}}',
      "anthropic-messages",
      "unknown",
    ],
  ] as const)("does not crash on %s", (_what, text, hint, dialect) => {
    const v = buildRequestView(text, hint);
    expect(v.dialect).toBe(dialect);
    expect(v.fragments.length).toBeGreaterThan(0);
  });

  it.each([
    '{"input":[null,1,"s",[],{"type":"message","role":"user","content":7},{"role":5,"content":[null,{"type":"input_text","text":3}]}],"tools":"x","instructions":5}',
    '{"messages":[null,{"role":"user","content":null},{"role":"assistant","content":[{"type":"text"}]}],"system":5,"tools":[null,7]}',
    '{"messages":[],"system":{"parts":"x"},"tools":{}}',
    '{"contents":[{"role":"model","parts":null},{"parts":[{"text":1}]}],"systemInstruction":{"parts":[null]},"tools":[{"functionDeclarations":"x"}]}',
    "[]",
    "null",
    '"text"',
  ])("shows odd shapes without crashing: %s", (text) => {
    const v = buildRequestView(text);
    expect(v.fragments.every((f) => typeof f.text === "string" && Number.isInteger(f.tokens))).toBe(true);
  });

  it("reports invalid JSON and shows the body raw instead of dropping it", () => {
    const v = buildRequestView("{not json");
    expect(v.diagnostics.map((d) => d.rule)).toEqual(["capture/invalid-json"]);
    expect(v.fragments).toEqual([
      {
        id: "unknown",
        layer: "unknown",
        role: "raw",
        itemIndex: -1,
        contentIndex: 0,
        text: "{not json",
        bytes: 9,
        tokens: countTokens("{not json"),
        known: false,
      },
    ]);
  });
});
