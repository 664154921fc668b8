import { describe, expect, it } from "vitest";
import { compile } from "../../src/compile/compile.js";
import type { MessageItem } from "../../src/model/items.js";
import { codexProfile } from "../../src/profiles/codex.js";
import { getProfile, isProfileId, PROFILE_IDS, profileIdList } from "../../src/profiles/index.js";
import type { CustomSection, Profile } from "../../src/profiles/profile.js";
import { profileForModel } from "../../src/profiles/profile-for-model.js";
import { promptcProfile } from "../../src/profiles/promptc.js";
import { createSession, nextRequest } from "../../src/session/session.js";
import { makeTurnContext } from "../compile/make-turn-context.js";

// A harness that exists only in this test: a new value, no change to compile/ or session/.
const toolsNote: CustomSection = {
  id: "tools-note",
  build: ({ tools }) => ({
    id: "tools-note",
    layer: "developer",
    text: `<tools>${tools.map((t) => ("name" in t ? t.name : t.type)).join(",")}</tools>`,
    sources: [],
    templates: [],
    prose: "data",
    diagnostics: [],
  }),
};
const testHarness: Profile = {
  ...promptcProfile,
  id: "test-harness",
  layout: {
    ...promptcProfile.layout,
    envelopes: [
      { role: "user", sections: ["environment-context"] },
      { role: "developer", sections: [toolsNote] },
    ],
  },
  models: (model) =>
    model === "small"
      ? {
          request: { parallelToolCalls: false, text: { verbosity: "low" } },
          wire: { format: "openai-responses", fields: [...promptcProfile.wire.fields, "text"] },
        }
      : undefined,
};

const roles = (input: readonly unknown[]) =>
  input.map((i) => [
    (i as MessageItem).role,
    (i as MessageItem).content.map((p) => (p.type === "input_text" ? p.text.split("\n")[0] : p.type)),
  ]);

describe("Profile", () => {
  it("lays out a profile's envelopes in its order, custom sections rendered from the built tool list", () => {
    const r = compile(makeTurnContext({ userInput: { text: "hi" } }), { profile: testHarness });
    expect(roles(r.request.input)).toEqual([
      ["user", ["<environment_context>"]],
      ["developer", ["<tools>read_file,shell,update_plan</tools>"]],
      ["user", ["hi"]],
    ]);
  });

  it("applies a per-model variant to the request and its wire fields, and only for that model", () => {
    const small = JSON.parse(compile(makeTurnContext({ model: "small" }), { profile: testHarness }).bytes);
    const other = JSON.parse(compile(makeTurnContext({ model: "large" }), { profile: testHarness }).bytes);
    expect([small.parallel_tool_calls, small.text, Object.keys(small).at(-1)]).toEqual([
      false,
      { verbosity: "low" },
      "text",
    ]);
    expect([other.parallel_tool_calls, other.text]).toEqual([true, undefined]);
  });

  it("runs a session on a new profile value (second turn appends, prefix kept)", () => {
    const s1 = nextRequest(createSession({ profile: testHarness }), makeTurnContext({ userInput: { text: "one" } }));
    const s2 = nextRequest(
      { ...s1.session, input: [...s1.session.input] },
      makeTurnContext({ userInput: { text: "two" } }),
    );
    expect(s2.request.input.slice(0, s1.request.input.length)).toEqual(s1.request.input);
    expect(roles(s2.request.input.slice(s1.request.input.length))).toEqual([["user", ["two"]]]);
  });
});

describe("profileForModel", () => {
  it("returns the profile itself when it has no variant for the model", () => {
    expect([profileForModel(codexProfile, "gpt-5.2-codex"), profileForModel(testHarness, "large")]).toEqual([
      codexProfile,
      testHarness,
    ]);
  });
});

describe("profile registry", () => {
  it("knows every shipped profile by id and nothing else", () => {
    const ALL = ["codex", "promptc", "claude-code", "gemini-cli", "pi", "copilot"];
    expect([
      PROFILE_IDS,
      PROFILE_IDS.map((id) => getProfile(id).id),
      isProfileId("gemini"),
      isProfileId("toString"),
      profileIdList(),
    ]).toEqual([ALL, ALL, false, false, "codex, promptc, claude-code, gemini-cli, pi or copilot"]);
    expect(() => getProfile("gemini")).toThrow(/unknown profile gemini/);
  });
});
