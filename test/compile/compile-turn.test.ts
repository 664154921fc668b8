import { describe, expect, it } from "vitest";
import { compile } from "../../src/compile/compile.js";
import { compileTurn } from "../../src/compile/compile-turn.js";
import type { BodyLayout, Profile } from "../../src/profiles/profile.js";
import { claudeCodeProfile, codexProfile, piProfile } from "../../src/profiles/index.js";
import { makeTurnContext } from "./make-turn-context.js";

/** A body layout that shows what it was given. */
const echoLayout: BodyLayout<{ model: string }, { greeting: string }> = {
  type: "body",
  standInProse: { greeting: "stand-in" },
  build: (turn, prose) => ({
    body: { model: turn.model, system: prose.greeting },
    layers: [{ id: "system", layer: "system", where: "system", text: prose.greeting, sources: [], prose: "stand-in" }],
    tools: [{ name: "t", value: { name: "t" }, prose: "data" }],
  }),
  endpoint: (turn) => `POST /v1/${turn.model}`,
  model: (turn) => turn.model,
};
const echoProfile: Profile<"body"> = { ...claudeCodeProfile, id: "echo", layout: echoLayout };

describe("compileTurn", () => {
  it("compiles an envelope layout's TurnContext exactly as compile() does", () => {
    const ctx = makeTurnContext();
    const compiled = compileTurn({ profile: codexProfile, ctx });
    expect(compiled.layout).toBe("envelopes");
    expect(compiled.layout === "envelopes" && compiled.result.bytes).toBe(compile(ctx, { profile: "codex" }).bytes);
  });

  it("builds a body layout's request from the harness turn, with the stand-in prose by default", () => {
    const diagnostics = [{ rule: "x/y", severity: "info" as const, message: "m" }];
    const compiled = compileTurn({ profile: echoProfile, turn: { model: "m1" }, diagnostics });
    expect(compiled).toEqual({
      layout: "body",
      turn: { profile: echoProfile, turn: { model: "m1" }, diagnostics },
      request: {
        profile: "echo",
        agentVersion: claudeCodeProfile.targetVersion,
        wire: "anthropic-messages",
        endpoint: "POST /v1/m1",
        model: "m1",
        body: { model: "m1", system: "stand-in" },
        bytes: '{"model":"m1","system":"stand-in"}',
        layers: [{ id: "system", layer: "system", where: "system", text: "stand-in", sources: [], prose: "stand-in" }],
        tools: [{ name: "t", json: '{"name":"t"}', prose: "data" }],
        diagnostics,
      },
    });
  });

  it("renders the prose it is given in place of the stand-ins", () => {
    const compiled = compileTurn({ profile: echoProfile, turn: { model: "m1" }, prose: { greeting: "calibrated" } });
    expect(compiled.layout === "body" && compiled.request.bytes).toBe('{"model":"m1","system":"calibrated"}');
  });

  it("posts a provider-following wire format in the format the layout resolves for the turn", () => {
    const follows: Profile<"body"> = { ...echoProfile, wire: piProfile.wire };
    const resolved: Profile<"body"> = {
      ...follows,
      layout: { ...echoLayout, postedWire: () => "gemini-generate-content" } as BodyLayout,
    };
    expect(() => compileTurn({ profile: follows, turn: { model: "m1" } })).toThrow(/needs postedWire/);
    const compiled = compileTurn({ profile: resolved, turn: { model: "m1" } });
    expect(compiled.layout === "body" && compiled.request.wire).toBe("gemini-generate-content");
  });
});
