// Scenarios under the harness profiles: every registered profile is accepted, `home:` resolves against the file,
// keys a harness's discovery does not read are errors, and a later turn is that harness's resumed request over
// the session as the agent records it (the same builder `preview --profile X --session` uses).
import { describe, expect, it } from "vitest";
import { compileBody } from "../../src/compile/compile-body.js";
import { createMemoryHost } from "../../src/host/memory-host.js";
import { PROFILE_LIST } from "../../src/profiles/index.js";
import { compileScenarioFile, isBodyScenario } from "../../src/scenario/compile-scenario-file.js";
import { setupScenarioTurns } from "../../src/scenario/setup-scenario-turns.js";
import { parseScenario } from "../../src/scenario/parse-scenario.js";
import { isEnvelopeTurn, type ResolvedBodyTurn } from "../../src/setup/index.js";

const scenario = (profile: string, extra = "", turnExtra = "") => `profile: ${profile}
${extra}session: { id: "s-1", date: "2026-11-29", timezone: Etc/UTC }
settings: { cwd: /repo }
files:
  /repo/.git: { dir: true }
  /repo/CLAUDE.md: "Claude rules.\\n"
  /repo/GEMINI.md: "Gemini rules.\\n"
  /repo/AGENTS.md: "Agent rules.\\n"
turns:
  - user: "one"
    assistant: "Reply one."${turnExtra}
  - user: "two"
`;

const errors = (text: string) =>
  parseScenario(text, "/s/x.yaml").diagnostics.map((d) => d.message.replace(/ \(it reads .*\)$/, ""));

describe("harness scenarios", () => {
  it.each(PROFILE_LIST.map((p) => p.id))("accepts profile %s", (id) => {
    expect(parseScenario(scenario(id), "/s/x.yaml").diagnostics).toEqual([]);
  });

  it("resolves home: against the scenario file", () => {
    const text = scenario("claude-code").replace(/\nfiles:[\s\S]*?turns:/, "\nturns:");
    expect(parseScenario(`home: ../h\n${text}`, "/s/a/x.yaml").value?.home).toBe("/s/h");
  });

  it.each<[string, string, string, string[]]>([
    [
      "claude-code",
      "codexHome: ./c\n",
      "",
      ["$.codexHome: the claude-code profile cannot use it: its discovery does not read it"],
    ],
    ["pi", "", "\n    items: []", ["$.turns[0].items: the pi profile cannot use it: its discovery does not read it"]],
    [
      "codex",
      "home: ./h\n",
      "",
      ["$.home: the codex profile cannot use it: use `codexHome:` (the CODEX_HOME its discovery reads)"],
    ],
  ])("refuses what the %s profile does not read", (profile, extra, turnExtra, want) => {
    expect(errors(scenario(profile, extra, turnExtra))).toEqual(want);
  });

  it("refuses a sandbox setting for a harness profile, naming what it reads", () => {
    const text = scenario("gemini-cli").replace(
      "settings: { cwd: /repo }",
      "settings: { cwd: /repo, sandbox: read-only }",
    );
    expect(parseScenario(text, "/s/x.yaml").diagnostics.map((d) => d.message)).toEqual([
      "$.settings.sandbox: the gemini-cli profile cannot use it: its discovery does not read it (it reads cwd, model, date, timezone)",
    ]);
  });

  it.each(["claude-code", "gemini-cli", "pi", "copilot"])(
    "%s: turn 2 is the resumed request over the session recorded after turn 1",
    (profile) => {
      const host = createMemoryHost({ files: { "/s/x.yaml": scenario(profile) } });
      const compiled = compileScenarioFile(host, "/s/x.yaml");
      expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      if (!compiled.compiled || !isBodyScenario(compiled.compiled)) throw new Error("a harness scenario expected");
      const [first, second] = compiled.compiled.turns;
      // The same builder as `preview --session`, fed the session the agent would have recorded.
      const turns = setupScenarioTurns(host, compiled.scenario!).value!.filter(
        (t): t is ResolvedBodyTurn => !isEnvelopeTurn(t),
      );
      const behaviour = turns[1]!.profile.layout.session!;
      const session = behaviour.record(undefined, {
        turn: turns[0]!.turn,
        body: first!.harness.body,
        reply: "Reply one.",
        sessionId: "s-1",
      });
      expect(second!.bytes).toBe(compileBody(turns[1]!.profile, turns[1]!.turn, turns[1]!.prose, [], session).bytes);
      expect(second!.bytes).toContain("Reply one.");
      // Copilot CLI sends the prompt after its `<current_datetime>` line.
      expect(second!.bytes).toContain('two"');
    },
  );

  it("needs the reply a later turn continues from", () => {
    const text = scenario("pi").replace('\n    assistant: "Reply one."', "");
    const r = compileScenarioFile(createMemoryHost({ files: { "/s/x.yaml": text } }), "/s/x.yaml");
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.rule)).toEqual(["scenario/turn-setup"]);
  });
});
