// setupTurn: every caller's turn resolves model, layout and approval entry point the same way — a scenario turn
// and a directory preview of the same folder with the same calibrated prose dir set up the same turn.
import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";
import { codexProfile } from "../../src/profiles/codex.js";
import { compileTurn } from "../../src/compile/compile-turn.js";
import { compileScenarioFile } from "../../src/scenario/compile-scenario-file.js";
import { bareMachine, isEnvelopeTurn, setupTurn, type ResolvedTurn } from "../../src/setup/index.js";

const LAYOUT = {
  model: "code-model",
  toolPlacement: "input-item",
  reasoning: { effort: "low", context: "all_turns" },
  developerMessages: [],
};
const files = {
  "/repo/.git": { dir: true as const },
  "/repo/AGENTS.md": "Repo rules.\n",
  "/home/user/.codex/config.toml": 'approval_policy = "on-request"\n',
  "/prose/layout.json": JSON.stringify(LAYOUT),
  "/s/scenario.yaml": [
    "profile: codex",
    "codexHome: /home/user/.codex",
    'session: { id: "s-1", date: "2026-11-29", timezone: Etc/UTC, shell: bash }',
    "settings: { cwd: /repo, sandbox: read-only }",
    "turns:",
    '  - user: "hello"',
    "",
  ].join("\n"),
};
const host = () => createMemoryHost({ files, home: "/home/user", cwd: "/repo", env: { HOME: "/home/user" } });
const ports = () => ({ files: host(), machine: bareMachine("linux", "Linux") });

function directory(options: { interactive?: boolean; describeApproval?: boolean } = {}): ResolvedTurn {
  const r = setupTurn(ports(), {
    profile: codexProfile,
    load: {
      cwd: "/repo",
      codexHome: "/home/user/.codex",
      sandbox: "read-only",
      sessionId: "s-1",
      date: "2026-11-29",
      timezone: "Etc/UTC",
      shell: "bash",
      message: "hello",
      decode: codexProfile.discovery.decode,
    },
    proseDir: "/prose",
    ...options,
  });
  if ("error" in r) throw new Error(r.error);
  return r;
}

describe("setupTurn", () => {
  it("takes the model and layout of a prose dir's layout.json when no catalogue lists it", () => {
    const turn = directory();
    expect([turn.ctx.model, turn.setup?.layout.origin, turn.setup?.layout.tools.placement]).toEqual([
      "code-model",
      "capture",
      "input-item",
    ]);
  });

  it("gives a scenario turn the same request as a directory preview of the same folder (one setup)", () => {
    const compiled = compileScenarioFile(host(), "/s/scenario.yaml", { proseDir: "/prose" });
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const turn = directory();
    const preview = compileTurn(turn, {});
    if (preview.layout !== "envelopes") throw new Error("envelope layout expected");
    expect(compiled.compiled?.turns[0]?.bytes).toBe(preview.result.bytes);
    expect(JSON.parse(preview.result.bytes).input[0].type).toBe("additional_tools");
  });

  it("models the default entry point's approval (codex exec: never) unless the interactive one is asked for", () => {
    expect(directory().ctx.permissions.approval).toBe("never");
    expect(directory({ interactive: true }).ctx.permissions.approval).toBe("on-request");
    const said = directory({ describeApproval: true }).diagnostics.map((d) => d.message);
    expect(said.some((m) => m.includes("--tui previews it"))).toBe(true);
  });

  it("tells an envelope turn from a harness's own", () => {
    expect(isEnvelopeTurn(directory())).toBe(true);
  });
});
