import { describe, expect, it } from "vitest";
import { calibrateCopilot, COPILOT_CALIBRATION } from "../../../src/capture/copilot/calibrate-copilot.js";
import { copilotDataParts } from "../../../src/capture/copilot/copilot-data-parts.js";
import { buildCopilotBody } from "../../../src/profiles/copilot/build-copilot-request.js";
import { COPILOT_TOOL_NAMES } from "../../../src/profiles/copilot/copilot-facts.js";
import { COPILOT_STAND_IN_PROSE, type CopilotProse } from "../../../src/profiles/copilot/copilot-prose.js";
import type { CopilotTurn } from "../../../src/profiles/copilot/copilot-turn.js";
import { renderCopilotCustomInstructions } from "../../../src/profiles/copilot/render-copilot-instructions.js";

const turn = (over: Partial<CopilotTurn> = {}): CopilotTurn => ({
  cwd: "/r/sub",
  gitRoot: "/r",
  os: "linux",
  availableTools: ["git", "curl"],
  model: "gpt-5.5",
  datetime: "2026-12-01T07:30:11.767+00:00",
  message: "hello",
  sessionId: "f43afad9-0b1d-4a1c-81b9-72416b46f690",
  copilotHome: "/h/.copilot",
  customInstructions: [],
  inlinedInstructions: [],
  instructionRules: [],
  skills: [],
  provider: { wireApi: "responses", baseUrl: "http://127.0.0.1:9/v1" },
  ...over,
});
const ci = [{ path: "/r/AGENTS.md", text: "agents\n" }];
const rule = [
  { displayPath: ".github/instructions/go.instructions.md", applyTo: ["**/*.go", "*.mod"], description: "Go" },
];
const intro = COPILOT_STAND_IN_PROSE.ruleTableIntro;

describe("renderCopilotCustomInstructions", () => {
  it.each([
    ["nothing: a lone newline", turn(), "\n"],
    ["instructions only", turn({ customInstructions: ci }), "<custom_instruction>\nagents\n\n</custom_instruction>\n"],
    [
      "the table only",
      turn({ instructionRules: rule }),
      `${intro}| **/*.go, *.mod | '.github/instructions/go.instructions.md' | Go |\n`,
    ],
    [
      "instructions, an inlined file and the table",
      turn({ customInstructions: ci, inlinedInstructions: [{ path: "/r/x", text: "raw\n" }], instructionRules: rule }),
      `<custom_instruction>\nagents\n\n</custom_instruction>\n\nraw\n\n\n${intro}| **/*.go, *.mod | '.github/instructions/go.instructions.md' | Go |\n\n`,
    ],
  ])("%s", (_, t, expected) => {
    expect(renderCopilotCustomInstructions(t, COPILOT_STAND_IN_PROSE)).toBe(expected);
  });
});

describe("buildCopilotBody", () => {
  it("writes Copilot's keys in order, the time before the message, and 16 stand-in tools", () => {
    const { body, tools, layers } = buildCopilotBody(turn({ customInstructions: ci }), COPILOT_STAND_IN_PROSE);
    expect(Object.keys(body)).toEqual([
      "model",
      "instructions",
      "input",
      "tools",
      "reasoning",
      "prompt_cache_key",
      "max_output_tokens",
      "store",
      "stream",
      "include",
      "parallel_tool_calls",
    ]);
    expect(body.input).toEqual([
      {
        role: "user",
        content: [
          { type: "input_text", text: "<current_datetime>2026-12-01T07:30:11.767+00:00</current_datetime>\n\nhello" },
        ],
        type: "message",
      },
    ]);
    expect(tools.map((t) => t.name)).toEqual([...COPILOT_TOOL_NAMES]);
    expect(tools.find((t) => t.name === "apply_patch")?.value).toMatchObject({ type: "custom" });
    expect(layers.map((l) => l.id)).toEqual([
      "copilot-prompt",
      "skills",
      "copilot-prompt-2",
      "custom-instructions",
      "copilot-prompt-3",
      "user-message",
    ]);
    // The layers cover the instructions exactly.
    const text = layers
      .filter((l) => l.where === "instructions")
      .map((l) => l.text)
      .join("");
    expect(text).toBe(body.instructions);
  });

  it("names the environment facts, skills and session folder in the instructions", () => {
    const t = turn({
      gitRoot: undefined,
      availableTools: [],
      skills: [{ name: "a&b", description: "it's <x>", location: "project", path: "/r/.github/skills/a/SKILL.md" }],
    });
    delete t.gitRoot;
    const parts = copilotDataParts(buildCopilotBody(t, COPILOT_STAND_IN_PROSE).body);
    expect(parts.environment).toEqual(["/r/sub", "Not a git repository", "linux", ""]);
    expect(parts.skills).toEqual([
      "<skill>\n  <name>a&amp;b</name>\n  <description>it&apos;s &lt;x&gt;</description>\n  <location>project</location>\n</skill>",
    ]);
    expect(parts.builtinSkills).toEqual(["customize-cloud-agent", "github-pr-media"]);
    expect(parts.sessionFolder).toBe("/h/.copilot/session-state/");
  });
});

describe("calibrateCopilot", () => {
  // A synthetic "capture": the stand-in prose played through the calibration workspace's data.
  const calTurn = turn({
    cwd: "/c/w/sub",
    gitRoot: "/c/w",
    copilotHome: "/c/h/.copilot",
    customInstructions: [{ path: "/c/w/AGENTS.md", text: COPILOT_CALIBRATION.instruction }],
    instructionRules: [
      {
        displayPath: `.github/instructions/${COPILOT_CALIBRATION.ruleFile}`,
        applyTo: [COPILOT_CALIBRATION.rulePattern],
        description: "",
      },
    ],
    skills: [
      { name: "calibration", description: "calibration", location: "project", path: "/c/w/.github/skills/c/SKILL.md" },
    ],
  });
  const captured = buildCopilotBody(calTurn, COPILOT_STAND_IN_PROSE).body;

  it("turns the capture back into a template that reproduces any other turn", () => {
    const r = calibrateCopilot(captured);
    expect(r.diagnostics).toEqual([]);
    const prose = r.prose as CopilotProse;
    expect(prose.instructions).toBe(COPILOT_STAND_IN_PROSE.instructions);
    expect(prose.ruleTableIntro).toBe(COPILOT_STAND_IN_PROSE.ruleTableIntro);
    const other = turn({ customInstructions: ci, instructionRules: rule, model: "gpt-5.4" });
    expect(buildCopilotBody(other, prose).body.instructions).toBe(
      buildCopilotBody(other, COPILOT_STAND_IN_PROSE).body.instructions,
    );
  });

  it("refuses a body without the calibration workspace's data", () => {
    const r = calibrateCopilot(buildCopilotBody(turn(), COPILOT_STAND_IN_PROSE).body);
    expect(r.prose).toBeUndefined();
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["calibrate/layout-differs"]);
    expect(calibrateCopilot({ messages: [] }).diagnostics[0]?.message).toMatch(/no instructions string/);
  });
});
