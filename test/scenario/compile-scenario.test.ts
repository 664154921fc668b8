import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";
import { loadScenarioFile } from "../../src/scenario/load-scenario.js";
import { loadScenarioContexts } from "../../src/scenario/setup-scenario-turns.js";
import { compileScenario, turnReplyItems } from "../../src/scenario/compile-scenario.js";
import { buildScenarioSnapshot } from "../../src/scenario/scenario-snapshot.js";
import { parseScenario } from "../../src/scenario/parse-scenario.js";

const yaml = (extra = "") => `profile: codex
session: { id: "s-1", date: "2026-11-29", timezone: Etc/UTC, shell: bash }
settings: { cwd: /repo, sandbox: read-only, approval: never, model: gpt-5.2-codex }
files:
  /repo/.git: { dir: true }
  /repo/AGENTS.md: "Be brief.\\n"
turns:
  - user: "one"
    assistant: "Done."
  - user: "two"
${extra}`;

function run(text: string) {
  const host = createMemoryHost({ files: { "/s/x.yaml": text } });
  const s = loadScenarioFile(host, "/s/x.yaml");
  const scenario = s.value!;
  const contexts = loadScenarioContexts(host, scenario);
  return { scenario, ...compileScenario(scenario, contexts.value!) };
}

describe("compileScenario", () => {
  it("compiles every turn on the scenario's virtual files, each request extending the last", () => {
    const r = run(yaml());
    const [t1, t2] = r.turns;
    expect(r.turns.map((t) => t.turn)).toEqual([1, 2]);
    expect(t2!.request.input.slice(0, t1!.request.input.length)).toEqual(t1!.request.input);
    expect(
      t2!.request.input
        .slice(t1!.request.input.length)
        .map((i) => (i.type === "message" ? `${i.role}:${(i.content[0] as { text: string }).text}` : i.type)),
    ).toEqual(["assistant:Done.", "user:two"]);
    expect(JSON.stringify(t1!.request.input)).toContain("# AGENTS.md instructions for /repo");
  });

  it("applies per-turn settings that discovery does not know (developer instructions, network)", () => {
    const r = run(yaml("    settings: { network: { allowed: [a.example], denied: [] } }\n"));
    const last = r.turns[1]!.request.input.at(-2);
    expect(last?.type === "message" && (last.content[0] as { text: string }).text).toContain(
      "<allowed>a.example</allowed>",
    );
  });

  it("puts items before the assistant shorthand", () => {
    expect(
      turnReplyItems({
        user: "u",
        assistant: "A",
        items: [{ type: "function_call", name: "f", arguments: "{}", call_id: "c" }],
      }).map((i) => i.type),
    ).toEqual(["function_call", "message"]);
  });

  it("reports a missing cwd on the real filesystem as an error diagnostic, not a throw", () => {
    const text = yaml().replace(/files:[\s\S]*?turns:/, "turns:");
    const host = createMemoryHost({ files: { "/s/x.yaml": text, "/h": { dir: true } }, home: "/h" });
    const scenario = parseScenario(text, "/s/x.yaml").value!;
    const r = loadScenarioContexts(host, scenario);
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    expect({ value: r.value, rules: errors.map((d) => d.rule) }).toEqual({
      value: undefined,
      rules: ["discover/missing-cwd"],
    });
    expect(errors[0]!.message.startsWith("/s/x.yaml turn 1: ")).toBe(true);
  });

  it("reports an unreadable scenario file", () => {
    expect(loadScenarioFile(createMemoryHost(), "/nope.yaml").diagnostics.map((d) => d.rule)).toEqual([
      "scenario/unreadable",
    ]);
  });
});

describe("buildScenarioSnapshot", () => {
  it("writes one request file per turn and a layout, with no findings for a stable session", () => {
    const r = run(yaml());
    const snap = buildScenarioSnapshot(r.scenario, r.turns);
    expect(Object.keys(snap.files)).toEqual(["turn-1.request.json", "turn-2.request.json", "layout.txt"]);
    expect(JSON.parse(snap.files["turn-2.request.json"]!)).toEqual(JSON.parse(r.turns[1]!.bytes));
    expect(Object.keys(JSON.parse(snap.files["turn-1.request.json"]!))).toEqual([
      "model",
      "stream",
      "input",
      "tools",
      "tool_choice",
      "parallel_tool_calls",
      "reasoning",
      "store",
      "include",
      "prompt_cache_key",
      "client_metadata",
    ]);
    expect(snap.findings).toEqual([]);
    expect(snap.files["layout.txt"]).toContain("prefix: extends turn 1 (items 000-003 unchanged)");
  });

  it("flags a broken prefix, and a declared break that did not happen", () => {
    const broken = run(yaml("    settings: { sandbox: danger-full-access }\n"));
    expect(buildScenarioSnapshot(broken.scenario, broken.turns).findings.map((f) => f.rule)).toEqual(["prefix/broken"]);
    const declared = run(yaml("    breaksCache: true\n"));
    expect(buildScenarioSnapshot(declared.scenario, declared.turns).findings.map((f) => f.rule)).toEqual([
      "prefix/expected-break",
    ]);
    const both = run(yaml("    settings: { sandbox: danger-full-access }\n    breaksCache: true\n"));
    expect(buildScenarioSnapshot(both.scenario, both.turns).findings).toEqual([]);
  });

  it("is deterministic: the same scenario gives identical files", () => {
    const a = run(yaml());
    const b = run(yaml());
    expect(buildScenarioSnapshot(a.scenario, a.turns).files).toEqual(buildScenarioSnapshot(b.scenario, b.turns).files);
  });
});
