// One session turn through the library: a new session logs its meta, turn context and world state and sends the
// request prepareSessionTurn (and so preview) shows; a resumed one continues the log's history; an over-limit
// history is compacted first; the approval policy asks the injected asker; log failures are reported once.
import { describe, expect, it } from "vitest";
import { defaultProse } from "../../src/compile/compile.js";
import type { ResponseItem } from "../../src/model/items.js";
import type { TurnContext } from "../../src/model/turn-context.js";
import { createFauxProvider, fauxResponse, fauxText, fauxToolCall } from "../../src/loop/providers/faux.js";
import {
  prepareSessionTurn,
  resumedSessionOf,
  runSessionTurn,
  type RunSessionTurnOptions,
  type SessionLogSink,
} from "../../src/loop/run-session-turn.js";
import { toolSpecOf } from "../../src/loop/tool.js";
import { getEnvelopeProfile } from "../../src/profiles/index.js";
import type { SessionRecord } from "../../src/session-log/session-log.js";
import { parseSessionLog } from "../../src/session-log/parse-rollout.js";
import { serializeSessionRecord } from "../../src/session-log/session-log.js";
import { approxTokens } from "../../src/tokens/index.js";
import { echoTool, writeNoteTool } from "./helpers/loop-fixtures.js";

const SESSION = "019a0000-0000-7000-8000-0000000000aa";

function context(text: string, over: Partial<TurnContext["permissions"]> = {}): TurnContext {
  return {
    model: "faux-1",
    sessionId: SESSION,
    environment: { cwd: "/repo", shell: "bash", currentDate: "2026-11-29", timezone: "Etc/UTC" },
    permissions: {
      sandbox: "workspace-write",
      approval: "never",
      networkAccess: false,
      configuredWritableRoots: [],
      tmpExists: true,
      approvedPrefixes: [],
      ...over,
    },
    userInstructions: { projectDocs: [], budgetBytes: 32 * 1024 },
    skills: { roots: [], skills: [] },
    userInput: { text, images: [] },
  };
}

function memoryLog(
  fail: (call: number) => string | undefined = () => undefined,
): SessionLogSink & { records: SessionRecord[] } {
  const records: SessionRecord[] = [];
  let calls = 0;
  return {
    records,
    append(rs) {
      const failure = fail(calls++);
      if (failure === undefined) records.push(...rs);
      return failure;
    },
  };
}

let clock = 0;
function options(
  ctx: TurnContext,
  over: Partial<RunSessionTurnOptions> & Pick<RunSessionTurnOptions, "provider" | "log">,
): RunSessionTurnOptions {
  const profile = getEnvelopeProfile("promptc");
  return {
    ctx,
    profile,
    prose: defaultProse(profile),
    sessionId: SESSION,
    tools: [echoTool, writeNoteTool],
    timestamp: () => `2026-11-29T00:00:${String(clock++ % 60).padStart(2, "0")}.000Z`,
    meta: { cliVersion: "0.0.0-test", modelProvider: "faux" },
    ...over,
  };
}

const kinds = (records: readonly SessionRecord[]) =>
  records.map((r) => (r.type === "event_msg" ? `event_msg:${(r.payload as { type: string }).type}` : r.type));

describe("runSessionTurn", () => {
  it("starts a session: logs meta, turn context and world state, then sends exactly the prepared request", async () => {
    const provider = createFauxProvider({
      countTokens: approxTokens,
      replies: [fauxResponse([fauxToolCall("echo", { text: "hi" }, "c1")]), fauxResponse([fauxText("Done.")])],
    });
    const log = memoryLog();
    const o = options(context("say hi"), { provider, log });
    const outcome = await runSessionTurn(o);
    expect(outcome.ok && outcome.result.status).toBe("completed");
    expect(provider.requests[0]).toEqual(prepareSessionTurn(o).turn.request);
    expect(kinds(log.records).slice(0, 3)).toEqual(["session_meta", "turn_context", "world_state"]);
    expect(log.records[0]?.payload).toMatchObject({
      id: SESSION,
      originator: "promptc",
      cli_version: "0.0.0-test",
      model_provider: "faux",
      base_instructions: { text: provider.requests[0]?.instructions },
    });
    expect(kinds(log.records)).toContain("response_item");
  });

  it("resumes a logged session: the log's history is the prefix, no new session_meta, only the turn's records", async () => {
    const first = createFauxProvider({
      countTokens: approxTokens,
      replies: [fauxResponse([fauxText("First answer.")])],
    });
    const log = memoryLog();
    await runSessionTurn(options(context("first task"), { provider: first, log }));
    const parsed = parseSessionLog(log.records.map(serializeSessionRecord).join("")).value;
    const second = createFauxProvider({
      countTokens: approxTokens,
      replies: [fauxResponse([fauxText("Second answer.")])],
    });
    const before = log.records.length;
    const outcome = await runSessionTurn(
      options(context("second task"), { provider: second, log, resumed: resumedSessionOf(parsed) }),
    );
    expect(outcome.ok).toBe(true);
    const sent = second.requests[0]!.input;
    expect(sent.slice(0, parsed.history.length)).toEqual(parsed.history);
    expect(sent.at(-1)).toEqual({
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "second task" }],
    });
    expect(kinds(log.records.slice(before)).slice(0, 2)).toEqual(["turn_context", "world_state"]);
    expect(kinds(log.records.slice(before))).not.toContain("session_meta");
  });

  it("compacts an over-limit history before the turn and logs the compaction", async () => {
    const history: ResponseItem[] = [
      { type: "message", role: "user", content: [{ type: "input_text", text: "an earlier task ".repeat(50) }] },
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "an earlier answer ".repeat(50) }] },
    ];
    const provider = createFauxProvider({
      countTokens: approxTokens,
      replies: [fauxResponse([fauxText("We did the earlier task.")]), fauxResponse([fauxText("Now done.")])],
    });
    const log = memoryLog();
    const o = options(context("next task"), {
      provider,
      log,
      resumed: { history, lastTotalTokens: 50_000 },
      contextWindow: 10_000,
    });
    expect(prepareSessionTurn(o).compactFirst).toBe(true);
    const outcome = await runSessionTurn(o);
    expect(outcome.ok && outcome.result.status).toBe("completed");
    expect(kinds(log.records).slice(0, 3)).toEqual(["turn_context", "world_state", "compacted"]);
    const turnRequest = provider.requests[1]!;
    const texts = turnRequest.input.flatMap((i) =>
      i.type === "message"
        ? i.content.flatMap((p) => (p.type === "input_text" || p.type === "output_text" ? [p.text] : []))
        : [],
    );
    expect(texts.some((t) => t.includes("We did the earlier task."))).toBe(true);
    expect(texts.at(-1)).toBe("next task");
  });

  it("reports a failed pre-turn compaction without running the turn", async () => {
    const provider = createFauxProvider({
      countTokens: approxTokens,
      replies: Array.from({ length: 10 }, () => ({
        type: "error" as const,
        error: { kind: "client" as const, message: "no summaries today" },
      })),
    });
    const o = options(context("next"), {
      provider,
      log: memoryLog(),
      resumed: {
        history: [{ type: "message", role: "user", content: [{ type: "input_text", text: "x ".repeat(400) }] }],
        lastTotalTokens: 50_000,
      },
      contextWindow: 10_000,
    });
    expect(await runSessionTurn(o)).toEqual({
      ok: false,
      stage: "pre-turn-compaction",
      message: expect.stringContaining("no summaries today"),
    });
    expect(provider.requests.every((r) => r.tools.length === 0)).toBe(true);
  });

  it.each([
    [true, "wrote notes.md"],
    [false, "the user declined this call"],
  ])("asks the injected asker under an asking policy and obeys its answer (%s)", async (answer, output) => {
    const provider = createFauxProvider({
      countTokens: approxTokens,
      replies: [
        fauxResponse([fauxToolCall("write_note", { path: "notes.md", text: "x" }, "w1")]),
        fauxResponse([fauxText("ok")]),
      ],
    });
    const questions: string[] = [];
    const o = options(context("write a note", { approval: "untrusted" }), {
      provider,
      log: memoryLog(),
      ask: async (q) => (questions.push(q.toolName), answer),
    });
    await runSessionTurn(o);
    expect(questions).toEqual(["write_note"]);
    const outputItem = provider.requests[1]!.input.find((i) => i.type === "function_call_output");
    expect(JSON.stringify(outputItem)).toContain(output);
  });

  it("refuses when the header cannot be logged and reports a later log failure once", async () => {
    const header = await runSessionTurn(
      options(context("x"), { provider: createFauxProvider(), log: memoryLog(() => "disk full") }),
    );
    expect(header).toEqual({ ok: false, stage: "log", message: "disk full" });
    const failures: string[] = [];
    const provider = createFauxProvider({
      countTokens: approxTokens,
      replies: [fauxResponse([fauxToolCall("echo", { text: "a" }, "e1")]), fauxResponse([fauxText("ok")])],
    });
    const later = await runSessionTurn(
      options(context("x"), {
        provider,
        log: memoryLog((n) => (n === 0 ? undefined : "disk full")),
        onLogFailure: (m) => failures.push(m),
      }),
    );
    expect([later.ok, failures]).toEqual([true, ["disk full"]]);
  });
});

describe("prepareSessionTurn", () => {
  it("sends the loop's tools instead of a profile's that the loop cannot run, and says so", () => {
    const codex = getEnvelopeProfile("codex");
    const p = prepareSessionTurn({
      ctx: context("hi"),
      profile: codex,
      prose: defaultProse(codex),
      sessionId: SESSION,
      tools: [echoTool],
    });
    const own = prepareSessionTurn({
      ctx: context("hi"),
      profile: getEnvelopeProfile("promptc"),
      prose: defaultProse("promptc"),
      sessionId: SESSION,
      tools: [echoTool],
    });
    expect([
      p.toolsReplaced,
      p.turn.request.tools,
      own.toolsReplaced,
      own.turn.request.tools.map((t) => ("name" in t ? t.name : t.type)),
    ]).toEqual([true, [toolSpecOf(echoTool)], false, ["edit_file", "read_file", "shell", "update_plan"]]);
  });
});
