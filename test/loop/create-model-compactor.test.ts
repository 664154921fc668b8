// The model compactor's history layouts, checked against what codex-cli 0.171.0 sends after compacting
// (as Codex 0.171.0's rollouts record it): context before the last real user message.
import { describe, expect, it } from "vitest";
import { createModelCompactor, hasBaseInstructionsItem } from "../../src/loop/create-model-compactor.js";
import { initialContextOf } from "../../src/loop/initial-context-of.js";
import { createFauxProvider, fauxResponse, fauxText } from "../../src/loop/providers/faux.js";
import type { ResponseItem } from "../../src/model/items.js";
import type { ResponsesRequest } from "../../src/model/request.js";
import { approxTokens } from "../../src/tokens/index.js";
import { baseRequest, developer, envContext, user } from "./helpers/loop-fixtures.js";

const PREFIX = "SUMMARY PREFIX";
const assistant = (text: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});
const call: ResponseItem = { type: "function_call", name: "echo", arguments: "{}", call_id: "c1" };
const output: ResponseItem = { type: "function_call_output", call_id: "c1", output: "ok" };

// Codex layout: no `instructions`; the base instructions are the first developer message.
const codexRequest = (input: ResponseItem[]): ResponsesRequest => {
  const { instructions: _dropped, ...rest } = baseRequest([], input);
  return rest;
};

function compactor(reply: string) {
  const provider = createFauxProvider({ replies: [fauxResponse([fauxText(reply)])], countTokens: approxTokens });
  return {
    provider,
    compactor: createModelCompactor({
      provider,
      mode: "local",
      summaryPrefix: PREFIX,
      compactPrompt: "Summarise.",
      initialContext: (r) => initialContextOf(r.input),
    }),
  };
}

const BASE = developer("BASE INSTRUCTIONS");
const BUNDLE = developer("<permissions instructions>p</permissions instructions>");
const FRESH_ENV = envContext("/new");

describe("hasBaseInstructionsItem", () => {
  it.each([
    ["a codex-layout request (no instructions, developer first)", codexRequest([BASE, user("x")]), true],
    ["a request with instructions", baseRequest([], [BUNDLE, user("x")]), false],
    ["a codex-layout request starting with a user message", codexRequest([user("x")]), false],
  ])("is %s → %s", (_label, request, expected) => {
    expect(hasBaseInstructionsItem(request)).toBe(expected);
  });
});

describe("createModelCompactor", () => {
  it("pre-turn, codex layout: keeps the base item first and injects the fresh context before the last real user message", async () => {
    // Second compaction of a session: [base, "first task", SUMMARY1, bundle, env, "second task", reply].
    const history = [
      BASE,
      user("first task"),
      user(`${PREFIX}\nold`),
      BUNDLE,
      envContext("/w"),
      user("second task"),
      assistant("Done."),
    ];
    const fresh = codexRequest([BASE, BUNDLE, FRESH_ENV, user("third task")]);
    const { provider, compactor: c } = compactor("S2");
    const outcome = await c.compact({ request: codexRequest(history), phase: "pre-turn", contextSource: fresh });
    // 0.171.0: ["first task", dev bundle, user ctx, "second task", SUMMARY] after the base-instructions item.
    expect(outcome).toEqual({
      ok: true,
      strategy: "local",
      summaryText: `${PREFIX}\nS2`,
      summaryReply: "S2",
      notices: [expect.stringContaining("Long threads")],
      history: [BASE, user("first task"), BUNDLE, FRESH_ENV, user("second task"), user(`${PREFIX}\nS2`)],
    });
    // The summariser saw the whole history (base first) and the prompt last.
    expect(provider.requests[0]!.input).toEqual([...history, user("Summarise.")]);
  });

  it("pre-turn, promptc layout (instructions field): the same chain, nothing kept first", async () => {
    const history = [BUNDLE, envContext("/w"), user("first task"), assistant("Done.")];
    const fresh = baseRequest([], [BUNDLE, FRESH_ENV, user("second task")]);
    const outcome = await compactor("S").compactor.compact({
      request: baseRequest([], history),
      phase: "pre-turn",
      contextSource: fresh,
    });
    expect(outcome.ok && outcome.history).toEqual([BUNDLE, FRESH_ENV, user("first task"), user(`${PREFIX}\nS`)]);
  });

  it("mid-turn, codex layout: [base, bundle, ctx, task, SUMMARY] as 0.171.0 continues a turn", async () => {
    const history = [BASE, BUNDLE, envContext("/w"), user("run it"), call, output];
    const outcome = await compactor("S").compactor.compact({ request: codexRequest(history), phase: "mid-turn" });
    expect(outcome.ok && outcome.history).toEqual([
      BASE,
      BUNDLE,
      envContext("/w"),
      user("run it"),
      user(`${PREFIX}\nS`),
    ]);
  });

  it("never trims the base item away when the summariser's window overflows", async () => {
    const provider = createFauxProvider({
      replies: [
        { type: "error", error: { kind: "context_window_exceeded", message: "too long" } },
        fauxResponse([fauxText("S")]),
      ],
      countTokens: approxTokens,
    });
    const c = createModelCompactor({ provider, mode: "local", summaryPrefix: PREFIX, compactPrompt: "Summarise." });
    const history = [BASE, user("old task"), assistant("a"), user("new task")];
    const outcome = await c.compact({ request: codexRequest(history) });
    expect(provider.requests[1]!.input).toEqual([BASE, assistant("a"), user("new task"), user("Summarise.")]);
    expect(outcome.ok && outcome.history).toEqual([BASE, user("old task"), user("new task"), user(`${PREFIX}\nS`)]);
  });
});
