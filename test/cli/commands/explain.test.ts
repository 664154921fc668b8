// `promptc explain`: diagnostic ids from the catalogue, lint rules as `lint --explain` prints them, the list.
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CATALOGUE } from "../../../src/model/diagnostic-catalogue.js";
import { PROFILE_IDS } from "../../../src/profiles/index.js";
import { runCli } from "../../lint/run-lint-cli.js";

const CWD = "/";

describe("runExplain", () => {
  it("explains a diagnostic id in one paragraph", async () => {
    const r = await runCli(["explain", "agents-md/truncated"], CWD);
    expect(r).toEqual({
      code: 0,
      stdout: "agents-md/truncated\n\nA project doc was cut to fit the remaining project-doc byte budget.\n",
      stderr: "",
    });
  });

  it("prints a diagnostic id as JSON with --json", async () => {
    const r = await runCli(["explain", "session/truncated-line", "--json"], CWD);
    expect([r.code, JSON.parse(r.stdout)]).toEqual([
      0,
      DIAGNOSTIC_CATALOGUE.find((e) => e.id === "session/truncated-line"),
    ]);
  });

  it("explains a lint rule exactly as lint --explain does", async () => {
    const viaExplain = await runCli(["explain", "skill/name-format"], CWD);
    const viaLint = await runCli(["lint", "--explain", "skill/name-format"], CWD);
    expect(viaExplain).toEqual({ ...viaLint, code: 0 });
    expect(viaExplain.stdout.startsWith("skill/name-format\n")).toBe(true);
  });

  it("lists every catalogue id without an argument", async () => {
    const r = await runCli(["explain"], CWD);
    expect(r.code).toBe(0);
    expect(DIAGNOSTIC_CATALOGUE.filter((e) => !r.stdout.includes(`${e.id} `))).toEqual([]);
    expect(r.stdout).toContain(`${DIAGNOSTIC_CATALOGUE.length} diagnostic ids`);
  });

  it("lists every registered profile and explains each from its data", async () => {
    const list = await runCli(["explain"], CWD);
    const json = JSON.parse((await runCli(["explain", "--json"], CWD)).stdout) as { profiles: { id: string }[] };
    expect(PROFILE_IDS.filter((id) => !list.stdout.includes(`\n${id} `))).toEqual([]);
    expect(json.profiles.map((p) => p.id)).toEqual(PROFILE_IDS);
    const pi = await runCli(["explain", "pi"], CWD);
    expect(pi.code).toBe(0);
    expect(pi.stdout).toContain("  layout      body: the harness's own request");
    expect(pi.stdout).toContain('  discovery   pi-context {"projectRootMarkers":[".git"]}');
    expect(pi.stdout).toContain("  wire format pi-provider");
    expect(JSON.parse((await runCli(["explain", "codex", "--json"], CWD)).stdout)).toMatchObject({
      id: "codex",
      layout: "envelopes",
      wire: "openai-responses",
      tokenizer: { encoding: "o200k_base", estimate: false },
      modelCatalogue: "codex",
    });
  });

  it("rejects an unknown id with exit 2 and a pointer to the lists", async () => {
    const r = await runCli(["explain", "nope/never"], CWD);
    expect(r).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "promptc explain: unknown id 'nope/never' (promptc explain lists the diagnostic ids and profiles; promptc lint --list-rules the rules)\n",
    });
  });
});
