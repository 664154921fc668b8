import { describe, expect, it } from "vitest";
import { calibratePi } from "../../../src/capture/pi/calibrate-pi.js";
import { piDataParts } from "../../../src/capture/pi/pi-data-parts.js";
import { buildPiBody, renderPiSystem } from "../../../src/profiles/pi/build-pi-request.js";
import { PI_TOOL_NAMES } from "../../../src/profiles/pi/pi-facts.js";
import { PI_STAND_IN_PROSE, type PiProse } from "../../../src/profiles/pi/pi-prose.js";
import { PI_APIS, type PiTurn } from "../../../src/profiles/pi/pi-turn.js";

const turn: PiTurn = {
  cwd: "/w/repo",
  date: "2026-12-01",
  message: "hello",
  installDir: "/opt/pi",
  contextFiles: [
    { path: "/w/AGENTS.md", content: "a\n" },
    { path: "/w/repo/CLAUDE.md", content: "b" },
  ],
  skills: [
    { name: "x", description: `<a & "b" 'c'>`, path: "/w/repo/.pi/skills/x/SKILL.md", disableModelInvocation: false },
    { name: "off", description: "d", path: "/p", disableModelInvocation: true },
  ],
  provider: {
    name: "p",
    api: "openai-responses",
    baseUrl: "http://h/v1",
    model: "m",
    maxTokens: 1000,
    reasoning: true,
  },
  sessionId: "s",
};

describe("renderPiSystem", () => {
  it("joins raw context files as `## <path>\\n\\n<raw>\\n\\n`, the escaped skills XML, the date and the cwd", () => {
    const t = renderPiSystem(turn, PI_STAND_IN_PROSE).text;
    expect(t).toContain("\n\n# Project Context\n\n");
    expect(t).toContain("## /w/AGENTS.md\n\na\n\n\n## /w/repo/CLAUDE.md\n\nb\n\n\n\n");
    expect(t).toContain(
      `<available_skills>\n  <skill>\n    <name>x</name>\n    <description>&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;</description>\n    <location>/w/repo/.pi/skills/x/SKILL.md</location>\n  </skill>\n</available_skills>\nCurrent date: 2026-12-01\nCurrent working directory: /w/repo`,
    );
    expect(t).not.toContain("<name>off</name>");
    expect(t).toContain("/opt/pi/README.md");
  });

  it("puts SYSTEM.md in place of pi's prose and APPEND_SYSTEM.md after it", () => {
    const t = renderPiSystem(
      { ...turn, systemMd: "CUSTOM", appendSystem: "APPENDED", contextFiles: [], skills: [] },
      PI_STAND_IN_PROSE,
    ).text;
    expect(t).toBe("CUSTOM\n\nAPPENDED\nCurrent date: 2026-12-01\nCurrent working directory: /w/repo");
  });
});

describe("buildPiBody", () => {
  const keys: { [api: string]: string[] } = {
    "openai-responses": [
      "model",
      "input",
      "stream",
      "prompt_cache_key",
      "store",
      "max_output_tokens",
      "tools",
      "reasoning",
      "include",
    ],
    "openai-completions": [
      "model",
      "messages",
      "stream",
      "stream_options",
      "store",
      "max_completion_tokens",
      "tools",
      "reasoning_effort",
    ],
    "anthropic-messages": ["model", "messages", "max_tokens", "stream", "system", "tools", "thinking"],
    "google-generative-ai": ["contents", "systemInstruction", "tools", "generationConfig"],
  };
  for (const api of PI_APIS) {
    it(`lays out the ${api} body in pi's key order with the same system text`, () => {
      const { body } = buildPiBody({ ...turn, provider: { ...turn.provider, api } }, PI_STAND_IN_PROSE);
      expect(Object.keys(body)).toEqual(keys[api]);
      const parts = piDataParts(body);
      expect(parts.toolNames).toEqual([...PI_TOOL_NAMES]);
      expect(parts.userMessage).toBe("hello");
      expect(parts.installDir).toBe("/opt/pi");
    });
  }

  const settingsOf = (api: PiTurn["provider"]["api"], thinkingLevel: PiTurn["thinkingLevel"], maxTokens = 12345) => {
    const body = buildPiBody(
      { ...turn, thinkingLevel, provider: { ...turn.provider, api, maxTokens } },
      PI_STAND_IN_PROSE,
    ).body as { [k: string]: unknown };
    return {
      max_tokens: body.max_tokens,
      thinking: body.thinking,
      reasoning: body.reasoning,
      effort: body.reasoning_effort,
    };
  };

  // high (Responses) and off (Anthropic) measured with pi 0.73.1; the budgets are pi-ai's defaults.
  it.each([
    ["openai-responses", "high", { reasoning: { effort: "high", summary: "auto" } }],
    ["openai-responses", "off", { reasoning: { effort: "none" } }],
    ["openai-completions", "low", { effort: "low" }],
    ["openai-completions", "off", {}],
    ["anthropic-messages", "off", { max_tokens: 12345, thinking: { type: "disabled" } }],
    [
      "anthropic-messages",
      "high",
      { max_tokens: 12345, thinking: { type: "enabled", budget_tokens: 11321, display: "summarized" } },
    ],
    [
      "anthropic-messages",
      "minimal",
      { max_tokens: 12345, thinking: { type: "enabled", budget_tokens: 1024, display: "summarized" } },
    ],
  ] as const)("sends the %s thinking settings of level %s", (api, level, expected) => {
    const got = Object.fromEntries(Object.entries(settingsOf(api, level)).filter(([, v]) => v !== undefined));
    expect(got).toEqual(expected);
  });

  it("leaves the reasoning settings out for a model without reasoning", () => {
    expect(
      Object.keys(buildPiBody({ ...turn, provider: { ...turn.provider, reasoning: false } }, PI_STAND_IN_PROSE).body),
    ).not.toContain("reasoning");
  });
});

describe("calibratePi", () => {
  it("gets back every prose slot from a body laid out with it", () => {
    const prose: PiProse = {
      origin: "user-supplied",
      base: "BASE docs {{readmePath}} and {{docsPath}}, {{examplesPath}}",
      projectContextIntro: "INTRO",
      skillsIntro: "SKILLS one\nSKILLS two",
      tools: Object.fromEntries(
        PI_TOOL_NAMES.map((n) => [
          n,
          { description: `tool ${n}`, parameters: { type: "object", properties: { a: { type: "string" } } } },
        ]),
      ),
    };
    const { body } = buildPiBody(turn, prose);
    expect(calibratePi(body)).toEqual({ prose, diagnostics: [] });
  });
});

describe("buildPiBody's system message", () => {
  const ofApi = (api: PiTurn["provider"]["api"], over: Partial<PiTurn["provider"]>) =>
    buildPiBody({ ...turn, provider: { ...turn.provider, api, ...over } }, PI_STAND_IN_PROSE).body;

  it("is a developer message for a reasoning model and a system message otherwise (as pi-ai sends it)", () => {
    const role = (b: { [k: string]: unknown }, key: string) =>
      ((b[key] as { role: string }[])[0] as { role: string }).role;
    expect(role(ofApi("openai-responses", {}), "input")).toBe("developer");
    expect(role(ofApi("openai-responses", { reasoning: false }), "input")).toBe("system");
    expect(role(ofApi("openai-completions", { reasoning: false }), "messages")).toBe("system");
  });

  it("follows models.json's Chat Completions compat switches", () => {
    const body = ofApi("openai-completions", {
      compat: {
        supportsDeveloperRole: false,
        supportsReasoningEffort: false,
        supportsStore: false,
        supportsUsageInStreaming: false,
        maxTokensField: "max_tokens",
      },
    });
    expect(Object.keys(body)).toEqual(["model", "messages", "stream", "max_tokens", "tools"]);
    expect((body.messages as { role: string }[])[0]?.role).toBe("system");
  });
});
