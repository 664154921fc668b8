// `promptc snapshot` in review: a differing turn says which layer changed in the user's terms, its token cost
// and whether the cache prefix holds, before the JSON diff; and `--init` writes starter scenarios.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture, tempDir } from "./cli-capture.js";

/** A scenario on virtual files: `files` is the YAML of the `files:` mapping's entries. */
const scenario = (files: string, model = "gpt-5.2-codex") => `profile: codex
session: { id: "s-1", date: "2026-11-29", timezone: Etc/UTC, shell: bash }
settings: { cwd: /repo, sandbox: read-only, approval: never, model: ${model} }
files:
  /repo/.git: { dir: true }
${files}
turns:
  - user: "one"
    assistant: "Done."
  - user: "two"
`;
const AGENTS = '  /repo/AGENTS.md: "Run the tests.\\n"\n';
const SKILL = (name: string, description: string) =>
  `  "/repo/.agents/skills/${name}/SKILL.md": "---\\nname: ${name}\\ndescription: ${description}\\n---\\nBody.\\n"\n`;

async function snapshotThen(before: string, after: string) {
  const dir = tempDir("promptc-snapshot-review-");
  mkdirSync(join(dir, "fixtures/scenarios"), { recursive: true });
  const file = join(dir, "fixtures/scenarios/app.yaml");
  writeFileSync(file, before);
  expect(await run(["snapshot"], capture(dir).io)).toBe(0);
  writeFileSync(file, after);
  const c = capture(dir, { CI: "true" });
  const code = await run(["snapshot"], c.io);
  const json = capture(dir, { CI: "true" });
  await run(["snapshot", "--json"], json.io);
  return { code, out: c.out(), report: JSON.parse(json.out()), dir };
}

/** The change lines of one turn file in the text report. */
function changesOf(out: string, file: string): string[] {
  const from = out.indexOf(`    ${file} differs from the snapshot\n`);
  expect(from, out).toBeGreaterThanOrEqual(0);
  const lines = out.slice(from).split("\n").slice(1);
  return lines
    .slice(
      0,
      lines.findIndex((l) => l.includes("cache prefix")),
    )
    .map((l) => l.trim().replace(/ {2,}/g, "  "));
}

describe("promptc snapshot review", () => {
  it.each([
    {
      name: "an AGENTS.md edit names the file",
      before: scenario(AGENTS),
      after: scenario('  /repo/AGENTS.md: "Run the tests. Keep commits small.\\n"\n'),
      changes: [/^\/repo\/AGENTS\.md edited {2}\+\d+ tokens$/],
      holds: false,
    },
    {
      name: "a new AGENTS.md is an added file",
      before: scenario(""),
      after: scenario(AGENTS),
      changes: [/^\/repo\/AGENTS\.md added {2}\+\d+ tokens$/],
      holds: false,
    },
    {
      name: "a skill added and another's description changed",
      before: scenario(SKILL("alpha", "Does alpha.")),
      after: scenario(SKILL("alpha", "Does alpha well.") + SKILL("beta", "Does beta.")),
      changes: [/^skill alpha: description changed; skill beta added {2}\+\d+ tokens$/],
      holds: false,
    },
    {
      name: "a model switch, with its tool list and layout",
      before: scenario(AGENTS),
      after: scenario(AGENTS, "gpt-5.1-codex-mini"),
      changes: [/^model changed: gpt-5\.2-codex -> gpt-5\.1-codex-mini$/],
      holds: false,
    },
  ])("$name", async ({ before, after, changes, holds }) => {
    const r = await snapshotThen(before, after);
    expect(r.code).toBe(1);
    const said = changesOf(r.out, "turn-1.request.json");
    for (const c of changes)
      expect(
        said.some((line) => c.test(line)),
        said.join("\n"),
      ).toBe(true);
    // Said before the diff, and the diff still shown.
    expect(r.out.indexOf(said[0]!)).toBeLessThan(r.out.indexOf("--- a/turn-1.request.json"));
    expect(r.out).toMatch(/cache prefix (holds|broken)/);
    expect(r.out).toContain("the same changes and diff as turn-1.request.json");
    for (const line of r.out.split("\n")) expect([...line].length, line).toBeLessThanOrEqual(100);
    const turn1 = r.report.scenarios[0].files.find((f: { name: string }) => f.name === "turn-1.request.json");
    expect(turn1.status).toBe("differs");
    expect(turn1.cachePrefix.holds).toBe(holds);
    expect(turn1.changes.length).toBeGreaterThan(0);
  });

  it("shows no control byte of the data and keeps every line within 100 columns", async () => {
    const r = await snapshotThen(
      scenario(SKILL("plain", "x")),
      scenario(SKILL("plain", "x") + SKILL("evil\\e[2J\\u009b31m", `${"long ".repeat(60)}\\e]0;title\\a`)),
    );
    expect(r.code).toBe(1);
    expect(r.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(r.out).toContain("skill evil\\u{1b}[2J\\u{9b}31m added");
    for (const line of r.out.split("\n")) expect([...line].length, line).toBeLessThanOrEqual(100);
  });

  it("exits 2 on a scenario that does not compile, even beside a differing one", async () => {
    const dir = tempDir("promptc-snapshot-review-");
    mkdirSync(join(dir, "fixtures/scenarios"), { recursive: true });
    writeFileSync(join(dir, "fixtures/scenarios/a.yaml"), scenario(AGENTS));
    await run(["snapshot"], capture(dir).io);
    writeFileSync(join(dir, "fixtures/scenarios/a.yaml"), scenario(""));
    writeFileSync(join(dir, "fixtures/scenarios/b.yaml"), "profile: nope\n");
    const c = capture(dir, { CI: "true" });
    expect(await run(["snapshot"], c.io)).toBe(2);
    expect(c.err()).toContain("b: not compiled");
  });
});

describe("promptc snapshot --init", () => {
  function repository(): string {
    const dir = tempDir("promptc-snapshot-init-");
    mkdirSync(join(dir, ".git"));
    mkdirSync(join(dir, ".agents/skills/tidy"), { recursive: true });
    writeFileSync(join(dir, "AGENTS.md"), "# Rules\nRun the tests.\n");
    writeFileSync(join(dir, ".agents/skills/tidy/SKILL.md"), "---\nname: tidy\ndescription: Tidies.\n---\nBody.\n");
    return dir;
  }

  it("writes a portable scenario per harness that loads a file here, then snapshots pass", async () => {
    const dir = repository();
    const c = capture(dir);
    expect(await run(["snapshot", "--init"], c.io)).toBe(0);
    expect(c.out()).toContain("+ fixtures/scenarios/codex.yaml: Codex CLI, 2 file(s) loaded");
    const text = readFileSync(join(dir, "fixtures/scenarios/codex.yaml"), "utf8");
    expect(text).toContain('settings: { cwd: "../.." }');
    expect(text).toContain("# It loads 2 file(s) here: AGENTS.md, .agents/skills/tidy/SKILL.md.");
    expect(text).not.toContain(dir);
    expect(text).toContain('codexHome: "home/.codex"');
    expect(readFileSync(join(dir, "fixtures/scenarios/home/.codex/config.toml"), "utf8")).toMatch(/^# The Codex home/);
    // Every harness is accounted for: written, or why not.
    for (const id of ["claude-code", "gemini-cli", "pi", "copilot"]) expect(c.out()).toMatch(new RegExp(`${id}`));
    expect(await run(["snapshot"], capture(dir).io)).toBe(0);
    expect(await run(["snapshot"], capture(dir, { CI: "true" }).io)).toBe(0);
    expect(readFileSync(join(dir, "snapshots/scenarios/codex/turn-1.request.json"), "utf8")).not.toContain(dir);
  });

  it("never overwrites an existing scenario, and says so", async () => {
    const dir = repository();
    mkdirSync(join(dir, "fixtures/scenarios"), { recursive: true });
    writeFileSync(join(dir, "fixtures/scenarios/codex.yaml"), "# mine\n");
    const c = capture(dir);
    expect(await run(["snapshot", "--init"], c.io)).toBe(0);
    expect(c.out()).toContain("- fixtures/scenarios/codex.yaml: exists, kept (--init never overwrites a scenario)");
    expect(readFileSync(join(dir, "fixtures/scenarios/codex.yaml"), "utf8")).toBe("# mine\n");
  });

  it("writes nothing where no harness loads a file", async () => {
    const dir = tempDir("promptc-snapshot-init-");
    mkdirSync(join(dir, ".git"));
    const c = capture(dir);
    expect(await run(["snapshot", "--init"], c.io)).toBe(0);
    expect(c.out()).toContain("no scenario written");
    expect(existsSync(join(dir, "fixtures"))).toBe(false);
  });

  it("takes no scenario names and no --update", async () => {
    const c = capture(repository());
    expect(await run(["snapshot", "--init", "-u"], c.io)).toBe(2);
    expect(c.err()).toContain("--init takes no scenario names and no --update");
  });
});
