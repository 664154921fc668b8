import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rebuildLegacyCompaction } from "../../src/compact/build-compacted-history.js";
import { parseRollout, parseSessionLog } from "../../src/session-log/parse-rollout.js";
import type { ResponseItem } from "../../src/model/items.js";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "transcripts");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");
const FIXTURE_PREFIX = "[fixture summary prefix] The earlier part of this session was condensed into the note below.";

function labels(items: readonly ResponseItem[]): string[] {
  return items.map((i) => {
    if (i.type !== "message") return i.type;
    const first = i.content[0];
    const text = first && first.type !== "input_image" ? first.text : "";
    const line = text.split("\n")[0]!;
    const close = line.startsWith("<") ? line.indexOf(">") : line.startsWith("[") ? line.indexOf("]") : -1;
    const short = close >= 0 ? line.slice(0, close + 1) : line;
    return `${i.role}:${short}${i.content.length > 1 ? `+${i.content.length - 1}` : ""}`;
  });
}

describe("parseRollout", () => {
  it("replays a real 0.171.0 rollout: replacement histories, summaries, usage and metadata", () => {
    const { value, diagnostics } = parseRollout(fixture("codex-0.171-pre-turn-compactions.jsonl"), { file: "f.jsonl" });
    expect(diagnostics).toEqual([]);
    expect(value.meta).toEqual({
      sessionId: "01a22812-9d16-7c50-a92f-0599250b4b1b",
      cwd: "/proj/demo",
      cliVersion: "0.171.0",
      originator: "codex_exec",
      modelProvider: "mock",
      timestamp: "2026-11-29T16:10:38.238Z",
    });
    expect(labels(value.history)).toEqual([
      "user:first task",
      "developer:<skills_instructions>+1",
      "user:# AGENTS.md instructions for /proj/demo+1",
      "user:second task",
      "user:[fixture summary prefix]",
      "user:third task",
      "assistant:Done.",
    ]);
    expect(value.compactions).toEqual([
      { line: 21, message: `${FIXTURE_PREFIX}\nDone.`, replacementItems: 4 },
      { line: 40, message: `${FIXTURE_PREFIX}\nDone.`, replacementItems: 5 },
    ]);
    expect(value.summaryTexts).toEqual([`${FIXTURE_PREFIX}\nDone.`]);
    // The compaction reply ("Done.") is recorded just before each compacted line, so the prefix is recoverable.
    expect(value.summaryPrefix).toEqual({ text: FIXTURE_PREFIX, line: 40 });
    expect(value).toMatchObject({
      format: "codex-rollout",
      model: "gpt-5.2-codex",
      cwd: "/proj/demo",
      lastTotalTokens: 60005,
      modelContextWindow: 258400,
      reasoningIncluded: false,
      lineCount: 52,
    });
    expect(value.baseInstructions).toMatch(/^Fixture base instructions/);
  });

  it("keeps reasoning, calls and outputs of a tool-calling turn", () => {
    const { value, diagnostics } = parseRollout(fixture("codex-0.171-mid-turn-tool-calls.jsonl"));
    expect(diagnostics).toEqual([]);
    expect(labels(value.history)).toEqual([
      "user:please run: echo hello",
      "developer:<skills_instructions>+1",
      "user:# AGENTS.md instructions for /proj/demo+1",
      "user:now run: ls",
      "user:[fixture summary prefix]",
      "assistant:Done.",
    ]);
    expect(value.compactions.map((c) => c.line)).toEqual([21, 38, 57]);
  });

  it("reports malformed, truncated and unsupported lines with their line numbers and keeps going", () => {
    const { value, diagnostics } = parseRollout(fixture("malformed-lines.jsonl"), { file: "m.jsonl" });
    expect(diagnostics.map((d) => [d.rule, d.place?.line ?? null])).toEqual([
      ["session/malformed-line", 3],
      ["session/malformed-line", 4],
      ["session/malformed-line", 5],
      ["session/unsupported-item", 6],
      ["session/malformed-item", 7],
      ["session/truncated-line", 12],
      ["session/unknown-record", null],
    ]);
    expect(diagnostics.every((d) => d.file === "m.jsonl")).toBe(true);
    expect(labels(value.history)).toEqual(["user:fix the failing build", "user:and run the tests"]);
    expect(value).toMatchObject({ lastTotalTokens: 1234, modelContextWindow: 258400, lineCount: 12 });
  });

  it("rebuilds a legacy compaction (no replacement_history) when given the rebuild function", () => {
    const text = fixture("legacy-compaction.jsonl");
    const rebuilt = parseRollout(text, { rebuildCompacted: rebuildLegacyCompaction });
    expect(labels(rebuilt.value.history)).toEqual([
      "user:rename the config loader",
      "user:[fixture summary prefix]",
      "user:now run the tests",
    ]);
    expect(rebuilt.diagnostics.map((d) => [d.rule, d.severity])).toEqual([["session/legacy-compaction", "info"]]);
    const kept = parseRollout(text);
    expect(kept.value.history).toHaveLength(5);
    expect(kept.diagnostics.map((d) => [d.rule, d.severity])).toEqual([["session/legacy-compaction", "warning"]]);
    // Its reply differs from the stored message's tail, so no prefix is guessed.
    expect(kept.value.summaryPrefix).toBeUndefined();
  });

  it("never throws on arbitrary bytes", () => {
    for (const text of [
      "",
      "\n\n",
      "{",
      "}",
      "null",
      '{"type":"compacted","payload":{"replacement_history":[1,{"type":"message"}]}}',
      "\u0000\uFFFD",
    ]) {
      expect(() => parseSessionLog(text)).not.toThrow();
    }
  });
});

describe("parseSessionLog", () => {
  it("reads a request body's input and instructions", () => {
    const { value, diagnostics } = parseSessionLog(fixture("request-body.json"), { file: "r.json" });
    expect(value.format).toBe("request-body");
    expect(value.baseInstructions).toBe("Fixture base instructions for promptc tests.");
    expect(labels(value.history)).toEqual([
      "developer:<permissions instructions>",
      "user:<environment_context>",
      "user:add a --verbose flag",
      "function_call",
      "function_call_output",
      "assistant:Added the flag.",
    ]);
    expect(diagnostics.map((d) => [d.rule, d.message])).toEqual([
      ["session/unsupported-item", 'input[6]: unsupported item type "mystery_item"; item skipped'],
    ]);
  });

  it("reads a request body written on one line (preview --json, capture) like a pretty-printed one", () => {
    const pretty = parseSessionLog(fixture("request-body.json"), { file: "r.json" });
    const compact = JSON.stringify(JSON.parse(fixture("request-body.json")));
    for (const text of [compact, `${compact}\n`]) {
      const { value, diagnostics } = parseSessionLog(text, { file: "r.json" });
      expect({ value: { ...value, lineCount: 0 }, diagnostics }).toEqual({
        value: { ...pretty.value, lineCount: 0 },
        diagnostics: pretty.diagnostics,
      });
      expect(value.format).toBe("request-body");
    }
  });

  it("reads a JSON array and JSONL of bare items", () => {
    const item = { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] };
    expect(parseSessionLog(JSON.stringify([item])).value).toMatchObject({ format: "item-array", history: [item] });
    expect(parseSessionLog(`${JSON.stringify(item)}\n${JSON.stringify(item)}\n`).value).toMatchObject({
      format: "item-lines",
      history: [item, item],
    });
  });

  it("reports a broken JSON document", () => {
    const { diagnostics } = parseSessionLog('[{"type":');
    expect(diagnostics.map((d) => d.rule)).toEqual(["session/malformed-json"]);
  });

  it("reports a JSON object that is not a request body", () => {
    const { diagnostics } = parseSessionLog('{\n"hello": 1\n}');
    expect(diagnostics.map((d) => d.rule)).toEqual(["session/unknown-format"]);
  });
});
