import { describe, expect, it } from "vitest";
import { buildTurnRequest } from "../../src/loop/build-turn-request.js";
import { compile, type CompileOptions } from "../../src/compile/index.js";
import { defaultToolSpecs } from "../../src/loop/tools/default-tools.js";
import type { ResponseItem } from "../../src/model/items.js";
import type { TurnContext } from "../../src/model/turn-context.js";

const SESSION = "019a0000-0000-7000-8000-000000000006";
const ctx = (text: string): TurnContext => ({
  model: "m",
  sessionId: SESSION,
  environment: { cwd: "/repo", shell: "bash", currentDate: "2026-11-29", timezone: "Etc/UTC" },
  permissions: {
    sandbox: "read-only",
    approval: "never",
    networkAccess: false,
    configuredWritableRoots: [],
    tmpExists: true,
    approvedPrefixes: [],
  },
  userInstructions: {
    projectDocs: [{ path: "/repo/AGENTS.md", text: "Run the tests.\n", sizeBytes: 15, keptBytes: 15 }],
    budgetBytes: 32 * 1024,
  },
  skills: { roots: [], skills: [] },
  userInput: { text, images: [] },
});
const options: CompileOptions = { profile: "promptc", transformTools: () => defaultToolSpecs("read-only") };
const reply: ResponseItem = { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] };
const texts = (items: readonly ResponseItem[]) =>
  items.map((i) =>
    i.type === "message"
      ? `${i.role}:${i.content[0]?.type === "input_image" ? "" : (i.content[0]?.text.split("\n", 1)[0] ?? "")}`
      : i.type,
  );

describe("buildTurnRequest", () => {
  it("compiles a new session's first request exactly as compile does", () => {
    expect(buildTurnRequest(ctx("first"), { compile: options, history: [], sessionId: SESSION }).bytes).toBe(
      compile(ctx("first"), options).bytes,
    );
  });

  it("continues a logged history: the history is the prefix and the initial context is sent again before the message", () => {
    const first = compile(ctx("first"), options).request;
    const history = [...first.input, reply];
    const next = buildTurnRequest(ctx("second"), { compile: options, history, sessionId: SESSION }).request;
    expect(next.input.slice(0, history.length)).toEqual(history);
    expect(texts(next.input.slice(history.length))).toEqual([...texts(first.input.slice(0, -1)), "user:second"]);
    expect(next.tools.map((t) => (t.type === "function" ? t.name : t.type))).toEqual([
      "read_file",
      "shell",
      "update_plan",
    ]);
  });

  it("adds only the turn's message when the history already carries the current context", () => {
    const first = compile(ctx("first"), options).request;
    const history = [...first.input, reply];
    const next = buildTurnRequest(ctx("second"), {
      compile: options,
      history,
      sessionId: SESSION,
      contextInHistory: true,
    }).request;
    expect(next.input).toEqual([
      ...history,
      { type: "message", role: "user", content: [{ type: "input_text", text: "second" }] },
    ]);
  });
});
