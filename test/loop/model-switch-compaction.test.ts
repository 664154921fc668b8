import { describe, expect, it } from "vitest";
import { defaultProse } from "../../src/compile/compile.js";
import type { MessageItem, ResponseItem } from "../../src/model/items.js";
import { codexProfileWithCatalogue } from "../../src/profiles/codex-models/codex-model-profile.js";
import { parseCodexCatalogue } from "../../src/profiles/codex-models/index.js";
import { codexProfile } from "../../src/profiles/codex.js";
import { compactForModelSwitch, compactsOnModelSwitch } from "../../src/loop/model-switch-compaction.js";
import { TEST_CATALOGUE } from "../profiles/codex-models/test-catalogue.js";
import { makeTurnContext } from "../compile/make-turn-context.js";

// Two compaction families: the test catalogue's code-mode model and its classic model get different comp_hash values.
const catalogue = {
  models: TEST_CATALOGUE.models.map((m) => ({
    ...m,
    comp_hash: m.slug === "beta-classic" ? "11" : "22",
  })),
};
const profile = codexProfileWithCatalogue(codexProfile, {
  catalogue: parseCodexCatalogue(JSON.stringify(catalogue), "test").value,
});
const prose = defaultProse(codexProfile);
const text = (i: ResponseItem | undefined) =>
  i?.type === "message" ? i.content.map((c) => ("text" in c ? c.text.slice(0, 16) : c.type)) : [i?.type];

describe("compactsOnModelSwitch", () => {
  it.each([
    ["another family", { model: "beta-classic", compactionFamily: "11" }, "alpha-code", true],
    ["the same family", { model: "alpha-code", compactionFamily: "22" }, "gamma-hidden", false],
    ["a fallback slug before (no family)", { model: "x-unlisted" }, "alpha-code", false],
    ["a fallback slug now (no family)", { model: "beta-classic", compactionFamily: "11" }, "x-unlisted", false],
    ["no log", undefined, "alpha-code", false],
  ] as const)("%s → %s", (_name, previous, model, expected) => {
    expect(compactsOnModelSwitch(previous, profile, model)).toBe(expected);
  });
});

describe("compactForModelSwitch", () => {
  const BASE: MessageItem = {
    type: "message",
    role: "developer",
    content: [{ type: "input_text", text: "SESSION BASE" }],
  };
  const user = (t: string): MessageItem => ({
    type: "message",
    role: "user",
    content: [{ type: "input_text", text: t }],
  });
  const done: MessageItem = { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] };
  const history = [BASE, user("first task"), done];
  const run = (model: string) =>
    compactForModelSwitch({
      ctx: makeTurnContext({ model, userInput: { text: "second task" } }),
      compile: { profile, prose },
      history,
      previousModel: "previous-model",
      summaryPrefix: "PREFIX",
      summaryReply: "S",
    });

  it("code mode: the tools item and the new model's own base first, no model-switch text, the summary last", () => {
    const r = run("alpha-code");
    expect(r.history.map((i) => i.type)[0]).toBe("additional_tools");
    // The fresh compile's base item (this model's), not the session's.
    expect(r.history[1]?.type === "message" && r.history[1].role).toBe("developer");
    expect(r.history[1]).not.toEqual(BASE);
    expect(JSON.stringify(r.history)).not.toContain("<model_switch>");
    expect(text(r.history.at(-2))).toEqual(["first task"]);
    expect(text(r.history.at(-1))).toEqual(["PREFIX\nS"]);
    expect(r.diagnostics.map((d) => d.rule)).toContain("session/model-switch-compaction");
  });

  it("classic: the session's base item stays first and the model-switch text opens the developer bundle", () => {
    const r = run("beta-classic");
    expect(r.history[0]).toEqual(BASE);
    expect(text(r.history[1])[0]).toBe("<model_switch>\n[");
    expect(text(r.history.at(-1))).toEqual(["PREFIX\nS"]);
    expect(r.summaryText).toBe("PREFIX\nS");
  });
});
