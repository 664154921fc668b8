// Synthetic Gemini CLI session files (our own words, the agent's record shapes): records replayed, the recorded
// session context left out, tool calls followed by their results, ids and key order as sent.
import { describe, expect, it } from "vitest";
import { buildGeminiNextBody, mergeSameRole } from "../../../src/profiles/gemini-cli/build-gemini-next-request.js";
import { GEMINI_STAND_IN_PROSE } from "../../../src/profiles/gemini-cli/gemini-prose.js";
import type { GeminiTurn } from "../../../src/profiles/gemini-cli/gemini-turn.js";
import { sha256Hex } from "../../../src/model/sha256.js";
import { parseGeminiSession } from "../../../src/session-log/harness/read-gemini-session.js";
import { linesOfText } from "../../../src/session-log/parse-rollout.js";

const jsonl = (...records: object[]) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
const head = { sessionId: "g-1", projectHash: "p", startTime: "t", lastUpdated: "t", kind: "main" };
const context = { id: "c", type: "user", content: [{ text: "<session_context>\nold context\n</session_context>" }] };
const ask = { id: "u1", type: "user", content: [{ text: "first ask" }] };
const call = {
  id: "g1",
  type: "gemini",
  content: "",
  toolCalls: [
    {
      id: "read_file__r1",
      name: "read_file",
      args: { file_path: "a.txt" },
      result: [{ functionResponse: { id: "read_file__r1", name: "read_file", response: { output: "A" } } }],
    },
  ],
};
const recordedResult = {
  id: "u2",
  type: "user",
  content: [{ functionResponse: { id: "read_file__r1", name: "read_file", response: { output: "A" } } }],
};
const reply = { id: "g2", type: "gemini", content: "Done.", thoughts: [{ subject: "Plan", description: "look" }] };

describe("parseGeminiSession", () => {
  it("rebuilds the conversation as a resume sends it, a tool result that was also recorded as a message twice", () => {
    const read = parseGeminiSession(
      linesOfText(
        jsonl(head, { $set: { messages: [context] } }, ask, { ...call, toolCalls: [] }, call, recordedResult, reply),
      ),
      "s.jsonl",
    );
    expect(read.diagnostics).toEqual([]);
    const response = { functionResponse: { name: "read_file", response: { output: "A" }, id: "r1" } };
    expect(read.value).toEqual({
      messages: [context, ask, call, recordedResult, reply],
      compactions: [],
      usage: [],
      sessionId: "g-1",
      history: [
        { role: "user", parts: [{ text: "first ask" }] },
        { role: "model", parts: [{ functionCall: { id: "r1", args: { file_path: "a.txt" }, name: "read_file" } }] },
        { role: "user", parts: [response] },
        { role: "user", parts: [response] },
        { role: "model", parts: [{ text: "**Plan** look", thought: true }, { text: "Done." }] },
      ],
    });
  });

  it("replays $set.messages and $rewindTo, and leaves out slash commands", () => {
    const slash = { id: "u3", type: "user", content: "/stats" };
    const read = parseGeminiSession(
      linesOfText(jsonl(head, ask, reply, { $rewindTo: "g2" }, slash, { id: "g3", type: "gemini", content: "Again." })),
      "s.jsonl",
    );
    expect(read.value!.history).toEqual([
      { role: "user", parts: [{ text: "first ask" }] },
      { role: "model", parts: [{ text: "Again." }] },
    ]);
    const reset = parseGeminiSession(linesOfText(jsonl(head, ask, { $set: { messages: [reply] } })), "s.jsonl");
    expect(reset.value!.history).toHaveLength(1);
  });

  it("gives a call without an id Gemini CLI's stable synthetic one, shared with its result", () => {
    const bare = {
      ...call,
      toolCalls: [{ name: "glob", args: {}, result: [{ functionResponse: { name: "glob", response: {} } }] }],
    };
    const read = parseGeminiSession(linesOfText(jsonl(head, ask, bare)), "s.jsonl");
    const id = `synth_glob_${sha256Hex(["0", "1", "g1"].join("|")).slice(0, 32)}`;
    expect(read.value!.history.slice(1)).toEqual([
      { role: "model", parts: [{ functionCall: { id, args: {}, name: "glob" } }] },
      { role: "user", parts: [{ functionResponse: { name: "glob", response: {}, id } }] },
    ]);
  });

  it("reports bad lines and a file without a session record", () => {
    const read = parseGeminiSession(linesOfText(`nope\n${jsonl(ask)}`), "s.jsonl");
    expect(read.value).toBeUndefined();
    expect(read.diagnostics.map((d) => d.rule)).toEqual(["session/malformed-line", "session/unknown-format"]);
  });
});

describe("buildGeminiNextBody", () => {
  it("renders the session context afresh and merges it with the first recorded message, the new one last", () => {
    const turn: GeminiTurn = {
      cwd: "/w",
      home: "/h",
      date: "2026-01-02",
      platform: "linux",
      message: "next ask",
      model: "m",
      approvalMode: "default",
      tempDir: "/h/.gemini/tmp/w",
      inGit: false,
      tree: "/w/",
      treeTruncated: false,
      globalContext: "",
      projectContext: "",
      skills: [],
      contextFiles: [],
      fileNames: [],
    };
    const history = [
      { role: "user" as const, parts: [{ text: "first ask" }] },
      { role: "model" as const, parts: [{ text: "Done." }] },
    ];
    const body = buildGeminiNextBody(turn, GEMINI_STAND_IN_PROSE, { sessionId: "g", history }).body;
    const contents = body.contents as { parts: { text: string }[]; role: string }[];
    expect(contents.map((c) => [c.role, c.parts.map((p) => p.text.slice(0, 17))])).toEqual([
      ["user", ["<session_context>", "first ask"]],
      ["model", ["Done."]],
      ["user", ["next ask"]],
    ]);
    expect(Object.keys(contents[0]!)).toEqual(["parts", "role"]);
  });
});

describe("mergeSameRole", () => {
  it("joins neighbouring contents of one role and leaves its input alone", () => {
    const input = [
      { role: "user" as const, parts: [{ text: "a" }] },
      { role: "user" as const, parts: [{ text: "b" }] },
    ];
    expect(mergeSameRole(input)).toEqual([{ role: "user", parts: [{ text: "a" }, { text: "b" }] }]);
    expect(input[0]!.parts).toHaveLength(1);
  });
});
