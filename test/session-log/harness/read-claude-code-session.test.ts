// Synthetic Claude Code session files (our own words, the agent's record shapes): the conversation rebuilt from
// the chain, the state of instruction files and the date, and bad lines as diagnostics.
import { describe, expect, it } from "vitest";
import { parseClaudeCodeSession } from "../../../src/session-log/harness/read-claude-code-session.js";
import { linesOfText } from "../../../src/session-log/parse-rollout.js";

const S = "s-1";
let n = 0;
const entry = (parent: string | null, body: object) => {
  const uuid = `u${++n}`;
  return { line: JSON.stringify({ parentUuid: parent, uuid, sessionId: S, cwd: "/w", ...body }), uuid };
};
const wrap = (t: string) => `<system-reminder>\n${t}\n</system-reminder>`;

function firstTurn() {
  n = 0;
  const prompt = entry(null, { type: "user", message: { role: "user", content: "first ask" } });
  const env = entry(prompt.uuid, {
    type: "attachment",
    attachment: { type: "environment" },
    rendered: [{ content: wrap("ENV") }],
    renderedRole: "system",
  });
  const files = entry(env.uuid, {
    type: "attachment",
    attachment: { type: "instructions", files: [{ path: "/w/CLAUDE.md", type: "Project", content: "rule one" }] },
    rendered: [{ content: wrap("FILES") }],
    renderedRole: "user",
  });
  const date = entry(files.uuid, {
    type: "attachment",
    attachment: { type: "date", date: "2026-01-02" },
    rendered: [{ content: wrap("DATE") }],
    renderedRole: "system",
  });
  const note = entry(date.uuid, {
    type: "attachment",
    attachment: { type: "note" },
    rendered: [{ content: wrap("NOTE") }],
    renderedRole: "user",
  });
  const text = entry(note.uuid, {
    type: "assistant",
    message: { id: "m1", role: "assistant", content: [{ type: "text", text: "Looking." }] },
  });
  const call = entry(text.uuid, {
    type: "assistant",
    message: { id: "m1", role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Read", input: {} }] },
  });
  const result = entry(call.uuid, {
    type: "user",
    message: { role: "user", content: [{ tool_use_id: "t1", type: "tool_result", content: "data" }] },
  });
  const reply = entry(result.uuid, {
    type: "assistant",
    message: { id: "m2", role: "assistant", content: [{ type: "text", text: "Done." }] },
  });
  return { lines: [prompt, env, files, date, note, text, call, result, reply].map((e) => e.line), last: reply.uuid };
}

describe("parseClaudeCodeSession", () => {
  it("rebuilds the conversation as Claude Code sends it again", () => {
    const { lines } = firstTurn();
    const read = parseClaudeCodeSession(linesOfText(`${lines.join("\n")}\n`), "s.jsonl");
    expect(read.diagnostics).toEqual([]);
    expect(read.value).toEqual({
      sessionId: S,
      cwd: "/w",
      firstPrompt: "first ask",
      compactions: [],
      usage: { usage: [], events: [] },
      instructions: [{ path: "/w/CLAUDE.md", kind: "project", content: "rule one" }],
      date: "2026-01-02",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: wrap("FILES") },
            { type: "text", text: `${wrap("NOTE")}\n` },
            { type: "text", text: "first ask" },
          ],
        },
        { role: "system", content: "ENV\n\nDATE", output_config: { effort: "medium" } },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Looking." },
            { type: "tool_use", id: "t1", name: "Read", input: {} },
          ],
        },
        { role: "user", content: [{ tool_use_id: "t1", type: "tool_result", content: "data" }] },
        { role: "assistant", content: [{ type: "text", text: "Done." }] },
      ],
    });
  });

  it("follows the chain to the last entry, so an abandoned branch is left out, and re-reads replace files by path", () => {
    const { lines, last } = firstTurn();
    const side = entry(last, { type: "user", message: { role: "user", content: "abandoned" } });
    const again = entry(last, { type: "user", message: { role: "user", content: "second ask" } });
    const reread = entry(again.uuid, {
      type: "attachment",
      attachment: { type: "instructions", files: [{ path: "/w/CLAUDE.md", type: "Project", content: "rule two" }] },
      rendered: [{ content: wrap("CHANGED") }],
      renderedRole: "user",
    });
    const text = [...lines, side.line, again.line, reread.line].join("\n");
    const read = parseClaudeCodeSession(linesOfText(text), "s.jsonl");
    const messages = read.value!.messages;
    expect(messages.slice(5)).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: `${wrap("CHANGED")}\n` },
          { type: "text", text: "second ask" },
        ],
      },
    ]);
    expect(read.value!.instructions).toEqual([{ path: "/w/CLAUDE.md", kind: "project", content: "rule two" }]);
  });

  it("puts back the calls and results of parallel tool calls that the chain skips, results in the order written", () => {
    const { lines, last } = firstTurn();
    const ask = entry(last, { type: "user", message: { role: "user", content: "read three" } });
    const call = (parent: string, id: string) =>
      entry(parent, {
        type: "assistant",
        message: { id: "m3", role: "assistant", content: [{ type: "tool_use", id, name: "Read", input: {} }] },
      });
    const result = (parent: string, id: string) =>
      entry(parent, {
        type: "user",
        sourceToolAssistantUUID: parent,
        message: { role: "user", content: [{ tool_use_id: id, type: "tool_result", content: `data ${id}` }] },
      });
    // Each call is the parent of the next; each result hangs from its call; the last one written carries on.
    const c1 = call(ask.uuid, "p1");
    const c2 = call(c1.uuid, "p2");
    const c3 = call(c2.uuid, "p3");
    const r2 = result(c2.uuid, "p2");
    const r3 = result(c3.uuid, "p3");
    const r1 = result(c1.uuid, "p1");
    const snapshot = entry(r1.uuid, { type: "attachment", attachment: { type: "prompt_snapshot" } });
    const reply = entry(snapshot.uuid, {
      type: "assistant",
      message: { id: "m4", role: "assistant", content: [{ type: "text", text: "Read them." }] },
    });
    const added = [ask, c1, c2, c3, r2, r3, r1, snapshot, reply].map((e) => e.line);
    const read = parseClaudeCodeSession(linesOfText([...lines, ...added].join("\n")), "s.jsonl");
    expect(read.diagnostics).toEqual([]);
    const tool = (id: string) => ({ type: "tool_use", id, name: "Read", input: {} });
    const data = (id: string) => ({ tool_use_id: id, type: "tool_result", content: `data ${id}` });
    expect(read.value!.messages.slice(5)).toEqual([
      { role: "user", content: "read three" },
      { role: "assistant", content: [tool("p1"), tool("p2"), tool("p3")] },
      { role: "user", content: [data("p2"), data("p3"), data("p1")] },
      { role: "assistant", content: [{ type: "text", text: "Read them." }] },
    ]);
  });

  it("drops files a re-read found removed and collects the skill names listed so far", () => {
    const { lines, last } = firstTurn();
    const listing = (parent: string, names: string[]) =>
      entry(parent, { type: "attachment", attachment: { type: "skill_listing", names }, renderedRole: "system" });
    const a = listing(last, ["one"]);
    const gone = entry(a.uuid, {
      type: "attachment",
      attachment: { type: "instructions", files: [], removed: ["/w/CLAUDE.md"], changed: true },
    });
    const b = listing(gone.uuid, ["two"]);
    const read = parseClaudeCodeSession(linesOfText([...lines, a.line, gone.line, b.line].join("\n")), "s.jsonl");
    expect(read.value!.instructions).toEqual([]);
    expect(read.value!.skillNames).toEqual(["one", "two"]);
  });

  it("reports lines that are not JSON objects and entries of the wrong shape, and reads the rest", () => {
    const { lines } = firstTurn();
    const broken = entry(null, { type: "user", message: { role: "user", content: 42 } });
    const text = [
      "not json",
      "[1]",
      ...lines.slice(0, 1),
      broken.line.replace('"parentUuid":null', '"parentUuid":"u1"'),
      '{"cut',
    ].join("\n");
    const read = parseClaudeCodeSession(linesOfText(text), "s.jsonl");
    expect(read.diagnostics.map((d) => [d.rule, d.place?.line])).toEqual([
      ["session/malformed-line", 1],
      ["session/malformed-line", 2],
      ["session/truncated-line", 5],
      ["session/malformed-item", 4],
    ]);
    expect(read.value!.messages).toEqual([{ role: "user", content: "first ask" }]);
  });

  it("says so when the file holds no conversation", () => {
    const read = parseClaudeCodeSession(linesOfText('{"type":"summary"}\n'), "s.jsonl");
    expect(read.value).toBeUndefined();
    expect(read.diagnostics.map((d) => [d.rule, d.severity])).toEqual([["session/unknown-format", "error"]]);
  });
});
