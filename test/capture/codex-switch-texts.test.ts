import { describe, expect, it } from "vitest";
import {
  appendedToolsText,
  builtinMultiAgentTexts,
  codeModeSwitchTexts,
} from "../../src/capture/codex-switch-texts.js";

// Request bodies written for the test, in the shapes Codex 0.171.0 sends (every sentence is ours).
const dev = (text: string) => ({ type: "message", role: "developer", content: [{ type: "input_text", text }] });
const reply = { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] };
const body = (model: string, appended: unknown[]) =>
  JSON.stringify({ model, input: [dev("BASE"), reply, ...appended, { type: "message", role: "user", content: [] }] });

describe("codeModeSwitchTexts", () => {
  it("reads the added-tools sentence, both list headings and the words around the slug", () => {
    const texts = codeModeSwitchTexts(
      body("m-2", [
        dev("MORE TOOLS BELOW."),
        { type: "additional_tools", role: "developer", tools: [] },
        dev("GONE SPACES:\n- clock\n\nGONE TOOLS:\n- functions.ask\n- functions.tell"),
        dev("<model_instructions>\nNOW ON m-2.\nREPLACES BASE:\n\nTEXT\n</model_instructions>"),
        dev("# Heading\n\nNot a list."),
      ]),
    );
    expect(texts).toEqual({
      "tools-update-added": "MORE TOOLS BELOW.",
      "tools-removed-namespaces": "GONE SPACES:",
      "tools-removed-tools": "GONE TOOLS:",
      "model-instructions-lead": "NOW ON",
      "model-instructions-tail": ".\nREPLACES BASE:",
    });
  });

  it("reads nothing from a body that is not JSON or has no reply", () => {
    expect(codeModeSwitchTexts("{")).toEqual({});
    expect(codeModeSwitchTexts(JSON.stringify({ input: [dev("MORE.")] }))).toEqual({});
  });
});

describe("appendedToolsText", () => {
  it("is the appended <tools> text that is not the deferred one", () => {
    const b = body("m", [dev("<tools>\nWITHDRAWN\n</tools>")]);
    expect(appendedToolsText(b, "<tools>\nDEFERRED\n</tools>")).toBe("<tools>\nWITHDRAWN\n</tools>");
    expect(appendedToolsText(b, "<tools>\nWITHDRAWN\n</tools>")).toBeUndefined();
  });
});

describe("builtinMultiAgentTexts", () => {
  it("takes the two single-part developer messages after the bundle", () => {
    const out = JSON.stringify([dev("BUNDLE"), dev("ROLE"), dev("<multi_agent_mode>MODE</multi_agent_mode>")]);
    expect(builtinMultiAgentTexts(out)).toEqual({
      "multi-agent-role": "ROLE",
      "multi-agent-mode": "<multi_agent_mode>MODE</multi_agent_mode>",
    });
    expect(builtinMultiAgentTexts("not json")).toEqual({});
  });
});
