import { describe, expect, it } from "vitest";
import { calibrateGemini } from "../../../src/capture/gemini-cli/calibrate-gemini.js";
import { geminiDataParts } from "../../../src/capture/gemini-cli/gemini-data-parts.js";
import { buildGeminiBody } from "../../../src/profiles/gemini-cli/build-gemini-request.js";
import {
  formatGeminiFileNames,
  GEMINI_TOOL_NAMES,
  geminiGenerationConfig,
} from "../../../src/profiles/gemini-cli/gemini-facts.js";
import { GEMINI_STAND_IN_PROSE, type GeminiProse } from "../../../src/profiles/gemini-cli/gemini-prose.js";
import type { GeminiTurn } from "../../../src/profiles/gemini-cli/gemini-turn.js";

const turn: GeminiTurn = {
  cwd: "/w/repo",
  home: "/h",
  date: "2026-12-01",
  platform: "linux",
  message: "hello",
  model: "gemini-3.8-flash",
  approvalMode: "default",
  tempDir: "/h/.gemini/tmp/repo",
  inGit: true,
  tree: "/w/repo/\n├───GEMINI.md\n└───src/",
  treeTruncated: false,
  globalContext: "--- Context from: /h/.gemini/GEMINI.md ---\nG\n--- End of Context from: /h/.gemini/GEMINI.md ---",
  projectContext: "--- Context from: /w/repo/GEMINI.md ---\nP\n--- End of Context from: /w/repo/GEMINI.md ---",
  skills: [{ name: "s", description: "d <raw>", path: "/w/repo/.gemini/skills/s/SKILL.md" }],
  contextFiles: [],
  fileNames: ["GEMINI.md"],
};

describe("buildGeminiBody", () => {
  it("puts the session context and the message in one user content, skills and the global file in the system text", () => {
    const { body } = buildGeminiBody(turn, GEMINI_STAND_IN_PROSE);
    expect(Object.keys(body)).toEqual(["contents", "systemInstruction", "tools", "generationConfig"]);
    const p = geminiDataParts(body);
    expect(p.contentsShape).toEqual(["user:2"]);
    expect(p.tree).toBe(turn.tree);
    expect(p.projectContext).toBe(turn.projectContext);
    expect(p.skillsXml).toBe(
      "  <skill>\n    <name>s</name>\n    <description>d <raw></description>\n    <location>/w/repo/.gemini/skills/s/SKILL.md</location>\n  </skill>",
    );
    expect(p.globalContext).toBe(`<loaded_context>\n${turn.globalContext}\n</loaded_context>`);
    expect(p.toolNames).toEqual([...GEMINI_TOOL_NAMES.default]);
    expect(buildGeminiBody({ ...turn, approvalMode: "yolo" }, GEMINI_STAND_IN_PROSE).tools.map((t) => t.name)).toEqual([
      ...GEMINI_TOOL_NAMES.yolo,
    ]);
  });

  it("names the context files as Gemini CLI lists them", () => {
    expect(formatGeminiFileNames(["GEMINI.md"])).toBe("`GEMINI.md`");
    expect(formatGeminiFileNames(["A.md", "B.md", "C.md"])).toBe("`A.md`, `B.md` or `C.md`");
  });
});

describe("calibrateGemini", () => {
  it("gets back every prose slot from two bodies laid out with it", () => {
    const names = ["MARK.md", "GEMINI.md"];
    const sys = (git: string) =>
      `HEAD **{{modeName}}** in {{fileNamesCode}}\n\n<available_skills>\n{{skillsXml}}\n</available_skills>\n\nnotes {{tempDir}}/memory/MEMORY.md and {{home}}/.gemini/{{firstFileName}}${git}`;
    const prose: GeminiProse = {
      origin: "user-supplied",
      systemInGit: sys("\n\n## git\ntext"),
      systemOutsideGit: sys(""),
      contextSection: "# Section ({{fileNames}})\nintro\n\n<loaded_context>\n{{globalContext}}\n</loaded_context>",
      sessionContext:
        "<session_context>\nIntro.\nOn {{date}}, os {{platform}}, tmp {{tempDir}}\n{{workspaceDirs}}\n\n{{treeSummary}}\n\n{{tree}}\n\n{{projectMemory}}\n</session_context>",
      treeSummary: "Summary.",
      treeTruncated: " Truncated.",
      tools: Object.fromEntries(
        GEMINI_TOOL_NAMES.default.map((n) => [n, { description: `t ${n}`, parametersJsonSchema: { type: "object" } }]),
      ),
    };
    const inGit = { ...turn, fileNames: names, treeTruncated: true };
    const outside = {
      ...turn,
      fileNames: names,
      inGit: false,
      cwd: "/w/plain",
      tree: "/w/plain/\n└───GEMINI.md",
      tempDir: "/h/.gemini/tmp/plain",
    };
    const runs = [
      { body: buildGeminiBody(inGit, prose).body, cwd: inGit.cwd, home: "/h", platform: "linux", inGit: true },
      { body: buildGeminiBody(outside, prose).body, cwd: outside.cwd, home: "/h", platform: "linux", inGit: false },
    ];
    // The skills listed in a calibration run are the ones Gemini CLI bundles.
    expect(calibrateGemini(runs, names)).toEqual({ prose, bundledSkills: turn.skills, diagnostics: [] });
  });
});

describe("geminiGenerationConfig", () => {
  it.each([
    ["gemini-3.8-flash", { includeThoughts: true, thinkingLevel: "HIGH" }],
    ["gemma-4-31b-it", { includeThoughts: true, thinkingLevel: "HIGH" }],
    ["gemini-2.5-pro", { includeThoughts: true, thinkingBudget: 8192 }],
    ["gemini-2.5-flash", { includeThoughts: true, thinkingBudget: 8192 }],
    ["my-custom-model", { includeThoughts: true }],
  ])("gives %s the thinking settings Gemini CLI 0.61.0 sent", (model, thinkingConfig) => {
    expect(geminiGenerationConfig(model)).toEqual({ temperature: 1, topP: 0.95, topK: 64, thinkingConfig });
  });
});
