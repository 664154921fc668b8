import { describe, expect, it } from "vitest";
import { resolveClaudeCodeModel } from "../../../src/discover/claude-code/resolve-claude-model.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";
import { claudeModelFacts } from "../../../src/profiles/claude-code/claude-code-facts.js";

const settings = (model: string) => JSON.stringify({ model });

describe("resolveClaudeCodeModel", () => {
  const files = {
    "/h/.claude/settings.json": settings("haiku"),
    "/w/.claude/settings.json": settings("claude-sonnet-4-6"),
    "/w/.claude/settings.local.json": settings("claude-sonnet-5-5"),
  };
  const resolve = (f: { [p: string]: string }, env: { [k: string]: string } = {}, model?: string) =>
    resolveClaudeCodeModel(createMemoryHost({ files: f, env }), { cwd: "/w", home: "/h", ...(model ? { model } : {}) })
      .model;

  // Precedence as measured with Claude Code 2.1.332.
  it("takes --model, then ANTHROPIC_MODEL, then settings.local.json, the project's, the user's settings", () => {
    expect(resolve(files, { ANTHROPIC_MODEL: "claude-sonnet-5-5" }, "haiku")).toBe("claude-haiku-5-5");
    expect(resolve(files, { ANTHROPIC_MODEL: "sonnet" })).toBe("claude-sonnet-5-5");
    expect(resolve(files)).toBe("claude-sonnet-5-5");
    expect(
      resolve({
        "/h/.claude/settings.json": settings("haiku"),
        "/w/.claude/settings.json": settings("claude-sonnet-4-6"),
      }),
    ).toBe("claude-sonnet-4-6");
    expect(resolve({ "/h/.claude/settings.json": settings("haiku") })).toBe("claude-haiku-5-5");
    expect(resolve({})).toBe("claude-opus-5-5");
  });

  it("sends a retired id as the model Claude Code replaced it with", () => {
    expect(resolve({}, {}, "claude-opus-4-1")).toBe("claude-opus-5-5");
  });
});

describe("claudeModelFacts", () => {
  it.each([
    ["claude-opus-5-5", { displayName: "Opus 5.5", maxTokens: 128_000, effort: "medium", layout: "current" }],
    ["claude-haiku-5-5", { displayName: "Haiku 5.5", maxTokens: 128_000, effort: "medium", layout: "current" }],
    ["claude-haiku-4-5-20251001", { displayName: "Haiku 4.5", maxTokens: 32_000, effort: "medium", layout: "legacy" }],
    ["my-proxy-model", { displayName: "Code", maxTokens: 32_000, effort: "high", layout: "unknown" }],
  ])("gives %s what Claude Code 2.1.332 sent for it", (model, facts) => {
    expect(claudeModelFacts(model)).toEqual(facts);
  });
});
