import { describe, expect, it } from "vitest";
import { defaultProse } from "../../src/compile/compile.js";
import type { ResponseItem } from "../../src/model/items.js";
import { codexProfileWithCatalogue } from "../../src/profiles/codex-models/codex-model-profile.js";
import { parseCodexCatalogue } from "../../src/profiles/codex-models/index.js";
import { codexProfile } from "../../src/profiles/codex.js";
import { createSession, nextRequest, recordItems } from "../../src/session/session.js";
import { TEST_CATALOGUE } from "../profiles/codex-models/test-catalogue.js";
import { makeSkill, makeTurnContext } from "../compile/make-turn-context.js";

// A second code-mode model of the test catalogue without the clock tool: a switch to it withdraws a namespace.
const catalogue = {
  models: [
    ...TEST_CATALOGUE.models,
    { ...TEST_CATALOGUE.models[0]!, slug: "alpha-plain", experimental_supported_tools: [] },
  ],
};
const profile = codexProfileWithCatalogue(codexProfile, {
  catalogue: parseCodexCatalogue(JSON.stringify(catalogue), "test").value,
});
const prose = defaultProse(codexProfile);
const reply: ResponseItem = { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] };
const skills = { roots: [{ path: "/repo/.agents/skills", scope: "repo" as const }], skills: [makeSkill("a")] };

/** What turn 2 appended after the reply, one `role:first words` line per item. */
function appended(from: string, to: string, sandbox?: "workspace-write"): string[] {
  const s1 = nextRequest(
    createSession({ profile, prose }),
    makeTurnContext({ model: from, skills, userInput: { text: "one" } }),
  );
  const s2 = recordItems(s1.session, [reply]).session;
  const r2 = nextRequest(
    s2,
    makeTurnContext({
      model: to,
      skills,
      userInput: { text: "two" },
      ...(sandbox ? { permissions: { sandbox } } : {}),
    }),
  );
  return r2.request.input
    .slice(s2.input.length)
    .map((i) =>
      i.type === "message"
        ? `${i.role}:${i.content.map((c) => ("text" in c ? c.text.split(/[\s>]/, 1)[0] : c.type)).join("+")}`
        : i.type,
    );
}

describe("nextRequest on a model switch (codex, per the captured 0.171.0 order)", () => {
  it("fallback → classic: the switch alone, then skills and permissions together, environment, deferred tools", () => {
    expect(appended("x-unlisted", "beta-classic", "workspace-write")).toEqual([
      "developer:<model_switch",
      "developer:<skills_instructions+<permissions",
      "user:<environment_context",
      "developer:<tools",
      "user:two",
    ]);
  });

  it("code mode → code mode: a tools update, the model instructions, the collaboration mode again", () => {
    expect(appended("alpha-code", "alpha-plain")).toEqual([
      "developer:[stand-in]",
      "developer:<model_instructions",
      "developer:<collaboration_mode",
      "user:two",
    ]);
    expect(appended("alpha-plain", "alpha-code")).toEqual([
      "developer:[stand-in]",
      "additional_tools",
      "developer:<model_instructions",
      "developer:<collaboration_mode",
      "user:two",
    ]);
  });
});
