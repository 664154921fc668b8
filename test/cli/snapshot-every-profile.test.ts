// `promptc snapshot` over a repository with a scenario per harness profile (codex, claude-code, gemini-cli, pi) on
// its real files: each harness loads only its own instruction files, so an edit to CLAUDE.md changes the
// claude-code scenario alone, and an edit to AGENTS.md the ones whose agents read it (Codex, pi).
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture, tempDir } from "./cli-capture.js";

const SESSION = 'session: { id: "0197a000-0000-4000-8000-0000000000f1", date: "2026-11-29", timezone: Etc/UTC }';
const TURNS = ["turns:", '  - user: "look around"', '    assistant: "Done."', '  - user: "and now?"', ""].join("\n");
const SCENARIOS: { [profile: string]: string } = {
  codex: `profile: codex\ncodexHome: ../../codex-home\n${SESSION}\nsettings: { cwd: ../.., sandbox: read-only }\n${TURNS}`,
  "claude-code": `profile: claude-code\nhome: ../../home\n${SESSION}\nsettings: { cwd: ../.. }\n${TURNS}`,
  "gemini-cli": `profile: gemini-cli\nhome: ../../home\n${SESSION}\nsettings: { cwd: ../.. }\n${TURNS}`,
  pi: `profile: pi\nhome: ../../home\n${SESSION}\nsettings: { cwd: ../.. }\n${TURNS}`,
};

function repository(): string {
  const dir = tempDir("promptc-snapshot-profiles-");
  for (const d of [".git", "codex-home", "home", "fixtures/scenarios", ".claude/skills/notes"])
    mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, "AGENTS.md"), "Agents: run the tests.\n");
  writeFileSync(join(dir, "CLAUDE.md"), "Claude: keep answers short.\n");
  writeFileSync(join(dir, "GEMINI.md"), "Gemini: prefer small diffs.\n");
  writeFileSync(join(dir, ".claude/skills/notes/SKILL.md"), "---\nname: notes\ndescription: Take notes.\n---\nBody.\n");
  for (const [profile, text] of Object.entries(SCENARIOS))
    writeFileSync(join(dir, "fixtures/scenarios", `${profile}.yaml`), text);
  return dir;
}

/** Each scenario's status in `snapshot --json` (CI set: nothing is written). */
async function statuses(dir: string): Promise<{ code: number; status: { [name: string]: string } }> {
  const c = capture(dir, { CI: "true" });
  const code = await run(["snapshot", "--json"], c.io);
  const report = JSON.parse(c.out()) as { scenarios: { name: string; status: string }[] };
  return { code, status: Object.fromEntries(report.scenarios.map((s) => [s.name, s.status])) };
}

describe("promptc snapshot, a scenario per harness profile", () => {
  it("writes every profile's snapshots, then passes unchanged under CI", async () => {
    const dir = repository();
    const first = capture(dir);
    expect(await run(["snapshot"], first.io), first.err()).toBe(0);
    expect(await statuses(dir)).toEqual({
      code: 0,
      status: { "claude-code": "ok", codex: "ok", "gemini-cli": "ok", pi: "ok" },
    });
  });

  it("passes unchanged in a copy at another path with another folder name (snapshots hold no checkout path)", async () => {
    const dir = repository();
    expect(await run(["snapshot"], capture(dir).io)).toBe(0);
    const copy = join(tempDir("promptc-snapshot-clone-"), "elsewhere-copy");
    cpSync(dir, copy, { recursive: true });
    expect(await statuses(copy)).toEqual({
      code: 0,
      status: { "claude-code": "ok", codex: "ok", "gemini-cli": "ok", pi: "ok" },
    });
  });

  it.each([
    ["CLAUDE.md", ["claude-code"]],
    ["GEMINI.md", ["gemini-cli"]],
    ["AGENTS.md", ["codex", "pi"]],
  ])("after an edit to %s only the scenarios of the agents that read it differ", async (file, changed) => {
    const dir = repository();
    expect(await run(["snapshot"], capture(dir).io)).toBe(0);
    writeFileSync(join(dir, file), "Edited.\n");
    const after = await statuses(dir);
    expect(after.code).toBe(1);
    expect(Object.keys(after.status).filter((name) => after.status[name] !== "ok")).toEqual(changed);
  });
});
