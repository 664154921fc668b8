import { describe, expect, it } from "vitest";
import { explainSnapshotChange, type TurnLayer } from "../../src/scenario/explain-snapshot-change.js";

/** Characters as tokens: deltas the table can state. */
const count = (text: string) => text.length;

const reminder = (claudeMd: string) =>
  `<system-reminder>\nContents of /r/CLAUDE.md (project instructions):\n\n${claudeMd}\n</system-reminder>`;
const anthropic = (claudeMd: string, tools: string[] = ["Bash"], model = "claude-x") => ({
  model,
  system: [{ type: "text", text: "You are an agent." }],
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: reminder(claudeMd) },
        { type: "text", text: "fix it" },
      ],
    },
  ],
  tools: tools.map((name) => ({ name, description: `${name} tool`, input_schema: {} })),
});
const claudeLayer = (claudeMd: string): TurnLayer => ({
  id: "claude-md:<rootDir>/CLAUDE.md",
  kind: "context-file",
  sources: [{ path: "/r/CLAUDE.md", name: "CLAUDE.md" }],
  text: `Contents of /r/CLAUDE.md (project instructions):\n\n${claudeMd}`,
});

const agentsPart = (text: string) => ({
  type: "input_text",
  text: `# AGENTS.md instructions for /r\n\n<INSTRUCTIONS>\n${text}\n</INSTRUCTIONS>`,
});
const responses = (parts: { type: string; text: string }[]) => ({
  model: "gpt-x",
  instructions: "base",
  input: [
    { type: "message", role: "user", content: parts },
    { type: "message", role: "user", content: [{ type: "input_text", text: "hello" }] },
  ],
  tools: [],
  prompt_cache_key: "k",
});

describe("explainSnapshotChange", () => {
  it.each([
    {
      name: "a context file edited inside a shared reminder, its delta counted on the file's own text",
      old: anthropic("be nice"),
      now: anthropic("be nice and brief"),
      layers: [claudeLayer("be nice and brief")],
      changes: [{ what: "CLAUDE.md edited", tokens: " and brief".length }],
    },
    {
      name: "a tool added",
      old: anthropic("x"),
      now: anthropic("x", ["Bash", "Read"]),
      layers: [claudeLayer("x")],
      changes: [
        {
          what: "tools changed: added Read",
          tokens: JSON.stringify({ name: "Read", description: "Read tool", input_schema: {} }).length + 1,
        },
      ],
    },
    {
      name: "the model switched",
      old: anthropic("x"),
      now: anthropic("x", ["Bash"], "claude-y"),
      layers: [claudeLayer("x")],
      changes: [{ what: "model changed: claude-x -> claude-y" }],
    },
    {
      name: "Gemini's function declarations compared as the tool list",
      old: {
        contents: [{ role: "user", parts: [{ text: "hi" }] }],
        tools: [{ functionDeclarations: [{ name: "a" }] }],
      },
      now: {
        contents: [{ role: "user", parts: [{ text: "hi" }] }],
        tools: [{ functionDeclarations: [{ name: "a" }, { name: "b" }] }],
      },
      layers: [],
      changes: [{ what: "tools changed: added b", tokens: ',{"name":"b"}'.length }],
    },
    {
      name: "an AGENTS.md removed",
      old: responses([
        agentsPart("rules"),
        { type: "input_text", text: "<environment_context>e</environment_context>" },
      ]),
      now: responses([{ type: "input_text", text: "<environment_context>e</environment_context>" }]),
      layers: [],
      changes: [{ what: "AGENTS.md instructions removed", tokens: -agentsPart("rules").text.length }],
    },
    {
      name: "an AGENTS.md added",
      old: responses([{ type: "input_text", text: "<environment_context>e</environment_context>" }]),
      now: responses([
        agentsPart("rules"),
        { type: "input_text", text: "<environment_context>e</environment_context>" },
      ]),
      layers: [
        {
          id: "agents-md",
          kind: "agents-md",
          sources: [{ path: "/r/AGENTS.md", name: "AGENTS.md" }],
          text: agentsPart("rules").text,
        },
      ],
      changes: [{ what: "AGENTS.md added", tokens: agentsPart("rules").text.length }],
    },
    {
      name: "a piece no layer names, changed in place",
      old: { ...responses([agentsPart("r")]), instructions: "base one" },
      now: { ...responses([agentsPart("r")]), instructions: "base two!" },
      layers: [],
      changes: [{ what: "instructions changed", tokens: 1 }],
    },
    {
      name: "prose from a calibrated agent in the snapshot and the stand-in here",
      old: { ...responses([agentsPart("r")]), instructions: "You are Codex, the agent's own words." },
      now: { ...responses([agentsPart("r")]), instructions: "[stand-in] An agent." },
      layers: [
        {
          id: "base-instructions",
          kind: "base-instructions",
          sources: [],
          text: "[stand-in] An agent.",
          prose: "stand-in",
        },
      ],
      changes: [
        {
          what: "system prompt base-instructions edited (the model's layout or its prose)",
          tokens: "[stand-in] An agent.".length - "You are Codex, the agent's own words.".length,
          hint: "snapshot has calibrated prose, this machine the stand-in (calibrate, or use --no-calibration)",
        },
      ],
    },
    ...[
      { what: "B.md edited", env: "/tmp/p", b: "b2" },
      { what: "the text around A.md, B.md (session: environment, paths) edited", env: "/tmp/q", b: "b" },
      { what: "B.md edited, and the text around A.md, B.md (session: environment, paths)", env: "/tmp/q", b: "b2" },
    ].map(({ what, env, b }) => {
      const session = (e: string, bText: string) =>
        `Temp: ${e}\n--- Context from: /r/A.md ---\na\n--- Context from: /r/B.md ---\n${bText}\n`;
      const gemini = (text: string) => ({ contents: [{ role: "user", parts: [{ text }] }] });
      return {
        name: `a layer of two files: ${what}`,
        old: gemini(session("/tmp/p", "b")),
        now: gemini(session(env, b)),
        layers: [
          {
            id: "session",
            kind: "context-file",
            sources: [
              { path: "/r/A.md", name: "A.md" },
              { path: "/r/B.md", name: "B.md" },
            ],
            text: session(env, b),
          },
        ],
        changes: [{ what, tokens: session(env, b).length - session("/tmp/p", "b").length }],
      };
    }),
    {
      name: "nothing changed",
      old: anthropic("x"),
      now: anthropic("x"),
      layers: [claudeLayer("x")],
      changes: [],
    },
  ])("$name", ({ old, now, layers, changes }) => {
    expect(explainSnapshotChange(old, { body: now, layers }, count).changes).toEqual(changes);
  });

  it("says whether the snapshot's request is still a prefix of the new one", () => {
    const kept = explainSnapshotChange(anthropic("x"), { body: anthropic("x"), layers: [] }, count);
    expect(kept.prefix.extendsPrefix).toBe(true);
    expect(kept.prefixBreaks).toEqual([]);
    const broken = explainSnapshotChange(anthropic("x"), { body: anthropic("y"), layers: [] }, count);
    expect(broken.prefix.extendsPrefix).toBe(false);
    expect(broken.prefixBreaks[0]).toMatch(/^item-rewritten: input\[0\]/);
  });
});
