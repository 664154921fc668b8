// A scenario's turns are set up by the one turn setup: the model resolved on its virtual files and CODEX_HOME,
// with the trusted project `.codex/config.toml` layers of its working directory (as preview and lint do).
import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";
import { parseScenario } from "../../src/scenario/parse-scenario.js";
import { loadScenarioContexts } from "../../src/scenario/setup-scenario-turns.js";

const catalogue = JSON.stringify({
  models: [
    { slug: "alpha", visibility: "list", priority: 1, context_window: 100_000 },
    { slug: "beta", visibility: "list", priority: 2, context_window: 200_000 },
  ],
});
const scenario = (trust: string) =>
  parseScenario(
    `profile: codex
session: { id: "s-1", date: "2026-11-29", timezone: Etc/UTC, shell: bash }
settings: { cwd: /repo, sandbox: read-only, approval: never }
files:
  /repo/.git/HEAD: "ref: refs/heads/main\\n"
  /repo/.codex/config.toml: "model = \\"beta\\"\\n"
  /home/user/.codex/config.toml: ${JSON.stringify(trust)}
  /home/user/.codex/models_cache.json: ${JSON.stringify(catalogue)}
turns:
  - user: "one"
`,
    "/s/x.yaml",
  ).value!;

describe("loadScenarioContexts", () => {
  it.each<[string, string, string]>([
    ["a trusted project's layer names the model", '[projects."/repo"]\ntrust_level = "trusted"\n', "beta"],
    ["an untrusted project's layer does not (the catalogue's default)", "", "alpha"],
  ])("%s", (_name, trust, turnModel) => {
    const contexts = loadScenarioContexts(createMemoryHost({ home: "/h" }), scenario(trust));
    expect(contexts.value?.[0]?.model).toBe(turnModel);
  });
});
