import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { isCI } from "../../src/cli/commands/snapshot.js";
import { capture, tempDir } from "./cli-capture.js";

const scenario = (extra = "") => `profile: codex
session: { id: "s-1", date: "2026-11-29", timezone: Etc/UTC, shell: bash }
settings: { cwd: /repo, sandbox: read-only, approval: never, model: gpt-5.2-codex }
files: { /repo/.git: { dir: true } }
turns:
  - user: "one"
    assistant: "Done."
  - user: "two"
${extra}`;

function project(files: { [name: string]: string }): string {
  const dir = tempDir("promptc-snapshot-");
  mkdirSync(join(dir, "fixtures/scenarios"), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "fixtures/scenarios", name), text);
  return dir;
}

describe("promptc snapshot", () => {
  it("writes missing snapshots outside CI, then finds them unchanged", async () => {
    const dir = project({ "plain.yaml": scenario() });
    const c1 = capture(dir);
    expect(await run(["snapshot"], c1.io)).toBe(0);
    expect(c1.out()).toContain("✓ plain  2 turn(s)");
    expect(
      ["turn-1.request.json", "turn-2.request.json", "layout.txt"].map((f) =>
        existsSync(join(dir, "snapshots/scenarios/plain", f)),
      ),
    ).toEqual([true, true, true]);
    const c2 = capture(dir);
    expect(await run(["snapshot", "--json"], c2.io)).toBe(0);
    const report = JSON.parse(c2.out());
    expect(report.scenarios.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ["plain", "ok"],
    ]);
  });

  it("says why the simulated cache served nothing: the shared prefix is under the provider's 1,024-token minimum", async () => {
    const small = scenario().replace("profile: codex", "profile: promptc");
    const dir = project({ "small.yaml": small });
    const c = capture(dir);
    expect(await run(["snapshot"], c.io)).toBe(0);
    expect(c.out()).toMatch(
      /^✓ small {2}2 turn\(s\), cache 0\.0% \(the longest prefix shared with an earlier turn is [\d,]+ tokens, under the provider's 1,024-token caching minimum\)( \(new snapshots written\))?$/m,
    );
  });

  it("never writes when CI is set: missing snapshots fail", async () => {
    const dir = project({ "plain.yaml": scenario() });
    const c = capture(dir, { CI: "true" });
    expect(await run(["snapshot"], c.io)).toBe(1);
    expect(c.out()).toContain("turn-1.request.json missing");
    expect(existsSync(join(dir, "snapshots"))).toBe(false);
  });

  it("fails on a difference, says what changed before the diff, and --update accepts it", async () => {
    const dir = project({ "plain.yaml": scenario() });
    await run(["snapshot"], capture(dir).io);
    const file = join(dir, "snapshots/scenarios/plain/turn-2.request.json");
    const good = readFileSync(file, "utf8");
    writeFileSync(file, good.replace('"text": "two"', '"text": "TWO"'));
    const c = capture(dir);
    expect(await run(["snapshot", "plain"], c.io)).toBe(1);
    expect(c.out()).toMatch(
      /turn-2\.request\.json differs from the snapshot\n {6}the scenario's user message edited +[-+±]\d+ tokens\n/,
    );
    expect(c.out()).toMatch(/@@ -\d+,\d+ \+\d+,\d+ @@\n(.*\n)*? {6}- +"text": "TWO"\n {6}\+ +"text": "two"\n/);
    expect(await run(["snapshot", "--update"], capture(dir).io)).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(good);
  });

  it("reports a snapshot folder it cannot write as an error (exit 2), not a crash", async () => {
    const dir = project({ "plain.yaml": scenario() });
    writeFileSync(join(dir, "out-is-a-file"), "");
    const c = capture(dir);
    expect(await run(["snapshot", "--out", "out-is-a-file", "--json"], c.io)).toBe(2);
    const report = JSON.parse(c.out());
    expect(
      report.scenarios.map((s: { status: string; files: { status: string }[] }) => [
        s.status,
        s.files.map((f) => f.status),
      ]),
    ).toEqual([["error", ["unwritable", "unwritable", "unwritable"]]]);
  });

  it("takes its folders from promptc.yaml's snapshot section (relative to that file), flags winning", async () => {
    const dir = tempDir("promptc-snapshot-config-");
    mkdirSync(join(dir, "scen"), { recursive: true });
    mkdirSync(join(dir, "sub"), { recursive: true });
    writeFileSync(join(dir, "scen", "plain.yaml"), scenario());
    writeFileSync(join(dir, "promptc.yaml"), "ignorePatterns: []\nsnapshot: { scenarios: scen, out: snaps }\n");
    expect(await run(["snapshot"], capture(join(dir, "sub")).io)).toBe(0);
    expect(existsSync(join(dir, "snaps/plain/turn-2.request.json"))).toBe(true);
    expect(await run(["snapshot", "--out", "elsewhere"], capture(dir).io)).toBe(0);
    expect(existsSync(join(dir, "elsewhere/plain/layout.txt"))).toBe(true);
  });

  it.each([
    ["snapshot: [a]\n", /snapshot` must be a mapping/],
    ["snapshot: { scenario: x }\n", /unknown key snapshot\.scenario/],
    ["snapshot: { out: 3 }\n", /snapshot\.out must be a folder path/],
    ["snapshot: [\n", /promptc\.yaml: /],
  ])("exits 2 on a bad snapshot section: %j", async (text, message) => {
    const dir = project({ "plain.yaml": scenario() });
    writeFileSync(join(dir, "promptc.yaml"), text);
    const c = capture(dir);
    expect(await run(["snapshot"], c.io)).toBe(2);
    expect(c.err()).toMatch(message);
  });

  it("refuses --update in CI", async () => {
    const dir = project({ "plain.yaml": scenario() });
    const c = capture(dir, { CI: "1" });
    expect(await run(["snapshot", "--update"], c.io)).toBe(2);
    expect(c.err()).toContain("--update is refused when CI is set");
  });

  it("reports stale turn files and removes them with --update", async () => {
    const dir = project({ "plain.yaml": scenario() });
    await run(["snapshot"], capture(dir).io);
    writeFileSync(join(dir, "snapshots/scenarios/plain/turn-3.request.json"), "{}\n");
    const c = capture(dir);
    expect(await run(["snapshot"], c.io)).toBe(1);
    expect(c.out()).toContain("turn-3.request.json stale");
    expect(await run(["snapshot", "-u"], capture(dir).io)).toBe(0);
    expect(existsSync(join(dir, "snapshots/scenarios/plain/turn-3.request.json"))).toBe(false);
  });

  it("fails on a broken prefix invariant even when snapshots are written", async () => {
    const dir = project({ "breaks.yaml": scenario("    settings: { sandbox: danger-full-access }\n") });
    const c = capture(dir);
    expect(await run(["snapshot"], c.io)).toBe(1);
    expect(c.out()).toContain(
      "prefix/broken turn 2 does not extend turn 1: tools-changed: tools changed: changed web_search",
    );
  });

  it("accepts a declared cache break", async () => {
    const dir = project({
      "breaks.yaml": scenario("    settings: { sandbox: danger-full-access }\n    breaksCache: true\n"),
    });
    expect(await run(["snapshot"], capture(dir).io)).toBe(0);
  });

  it("exits 2 with file, line and JSON path for an invalid scenario", async () => {
    const dir = project({ "bad.yaml": scenario().replace("sandbox: read-only", "sandbox: nope") });
    const c = capture(dir);
    expect(await run(["snapshot"], c.io)).toBe(2);
    expect(c.out()).toContain("fixtures/scenarios/bad.yaml:3:");
    expect(c.out()).toContain("$.settings.sandbox: must be one of");
  });

  it("exits 2 when there is nothing to compile", async () => {
    const dir = project({});
    const c = capture(dir);
    expect(await run(["snapshot"], c.io)).toBe(2);
    expect(c.err()).toMatch(/no scenarios/);
    const missing = capture(dir);
    expect(await run(["snapshot", "--dir", "missing"], missing.io)).toBe(2);
    expect(missing.err()).toBe(`promptc snapshot: cannot read ${join(dir, "missing")}: no such file or directory\n`);
  });

  it("says how to name a scenario folder when the default one does not exist", async () => {
    const dir = tempDir("promptc-snapshot-none-");
    const c = capture(dir);
    expect(await run(["snapshot"], c.io)).toBe(2);
    expect(c.err()).toBe(
      `promptc snapshot: cannot read ${join(dir, "fixtures/scenarios")}: no such file or directory (the default scenario folder; pass --dir or set snapshot.scenarios in promptc.yaml)\n`,
    );
  });

  it("keeps the shipped fixture scenarios identical to their committed snapshots (CI mode)", async () => {
    const c = capture(process.cwd(), { CI: "1" });
    const code = await run(["snapshot", "--json"], c.io);
    const report = JSON.parse(c.out()) as { scenarios: { name: string; status: string; findings: unknown[] }[] };
    expect(
      report.scenarios
        .filter((s) => s.status !== "ok")
        .map((s) => ({ name: s.name, status: s.status, findings: s.findings })),
    ).toEqual([]);
    expect(code).toBe(0);
  });
});

describe("isCI", () => {
  it.each([
    [{}, false],
    [{ CI: "" }, false],
    [{ CI: "0" }, false],
    [{ CI: "false" }, false],
    [{ CI: "true" }, true],
    [{ CI: "1" }, true],
  ])("reads %j as %s", (env, expected) => {
    expect(isCI(env)).toBe(expected);
  });
});
