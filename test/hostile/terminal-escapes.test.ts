// Hostile text reaching a terminal: escape sequences and bidi overrides in file names, skill metadata and
// AGENTS.md are shown escaped in human output (even with --no-color); JSON and SARIF keep the exact text.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture, tempDir } from "../cli/cli-capture.js";

const CLEAR = "\u001b[2J";
const TITLE = "\u001b]0;pwned\u0007";
const CLIPBOARD = "\u001b]52;c;ZXZpbA==\u0007";
const RLO = "\u202e";
const C1_CSI = "\u009b2J";
const HOSTILE = `${CLEAR}${TITLE}${CLIPBOARD}${RLO}${C1_CSI}`;
/** What a terminal must never receive from data: C0 (but newline and tab), DEL, C1, bidi overrides and isolates. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const dir = tempDir("promptc-hostile-tty-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const repo = join(dir, "repo");
const pkg = join(repo, `pkg${CLEAR}`);
mkdirSync(join(repo, ".git"), { recursive: true });
mkdirSync(pkg, { recursive: true });
mkdirSync(join(repo, ".agents", "skills", "evil"), { recursive: true });
writeFileSync(join(repo, "AGENTS.md"), `# Rules\n\nBe nice.${HOSTILE}\n`);
writeFileSync(join(pkg, "AGENTS.md"), `# Package\n\nTODO: fill this in ${HOSTILE}\n`);
writeFileSync(
  join(repo, ".agents", "skills", "evil", "SKILL.md"),
  `---\nname: evil\ndescription: "Use when ${CLEAR}${TITLE} strikes"\n---\n\nBody.\n`,
);
const codexHome = join(dir, "codex-home");
mkdirSync(codexHome);
const FIXED = ["--date", "2026-11-29", "--timezone", "Etc/UTC", "--shell", "bash", "--codex-home", codexHome];

describe("terminal output of hostile text", () => {
  it.each([
    ["table and text", []],
    ["table only", ["--no-text"]],
  ])("preview (%s) escapes control and bidi characters, even with --no-color", async (_name, extra) => {
    const c = capture(pkg, {});
    await run(["preview", "--no-color", "-C", pkg, "-m", `hi ${HOSTILE}`, ...FIXED, ...extra], c.io);
    expect(c.out()).not.toMatch(RAW_CONTROL);
    expect(c.err()).not.toMatch(RAW_CONTROL);
    expect(c.out()).toContain("\\u{1b}[2J");
  });

  it("preview --json keeps the exact text", async () => {
    const c = capture(pkg, {});
    expect(await run(["preview", "--json", "-C", pkg, "-m", `hi ${HOSTILE}`, ...FIXED], c.io)).toBe(0);
    expect(c.out()).toContain(RLO);
    expect(c.out()).toContain("\\u001b[2J");
    expect(JSON.stringify(JSON.parse(c.out()))).toBe(c.out());
  });

  it("lint stylish escapes file names and quoted text, with and without colour", async () => {
    for (const color of ["--no-color", "--color"]) {
      const c = capture(repo, {});
      await run(["lint", color, "--no-config"], c.io);
      expect(c.out()).toContain(`pkg\\u{1b}[2J/AGENTS.md`);
      // The only escape sequences left are promptc's own colours.
      expect(c.out().replace(/\u001b\[[0-9;]*m/g, "")).not.toMatch(RAW_CONTROL);
      if (color === "--no-color") expect(c.out()).not.toMatch(RAW_CONTROL);
    }
  });

  it("lint --format json keeps the exact file name and text", async () => {
    const c = capture(repo, {});
    await run(["lint", "--no-config", "--format", "json"], c.io);
    const files = (JSON.parse(c.out()) as { results: { filePath: string }[] }).results.map((f) => f.filePath);
    expect(files).toContain(`pkg${CLEAR}/AGENTS.md`);
    expect(c.out()).not.toContain("\\u{");
  });

  it("lint --format sarif keeps the exact file name (as a percent-encoded URI)", async () => {
    const c = capture(repo, {});
    await run(["lint", "--no-config", "--format", "sarif"], c.io);
    const uris = (
      JSON.parse(c.out()) as {
        runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
      }
    ).runs[0]!.results.map((r) => decodeURIComponent(r.locations[0]!.physicalLocation.artifactLocation.uri));
    expect(uris).toContain(`pkg${CLEAR}/AGENTS.md`);
    expect(c.out()).not.toContain("\\u{");
  });

  it("error messages escape what the user or a file put in them", async () => {
    const c = capture(repo, {});
    expect(await run(["lint", `missing\u001bc${RLO}\u0007`], c.io)).toBe(2);
    expect(c.err()).not.toMatch(RAW_CONTROL);
    expect(c.err()).toContain("missing\\u{1b}c\\u{202e}\\u{7}");
  });

  it("lint --fix-dry-run escapes the diff", async () => {
    const fixable = join(dir, "fixable");
    mkdirSync(fixable);
    writeFileSync(join(fixable, "AGENTS.md"), `# T\n\nText\u200b ${CLEAR} \u200b\n`);
    const c = capture(fixable, {});
    await run(["lint", "--no-config", "--fix-dry-run", "--fix-type", "all"], c.io);
    expect(c.out()).toContain("\\u{1b}[2J");
    expect(c.out()).not.toMatch(RAW_CONTROL);
  });

  it("compact and diff escape hostile text from a session log and request bodies", async () => {
    const logDir = join(dir, "logs");
    mkdirSync(logDir, { recursive: true });
    const item = (text: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });
    writeFileSync(
      join(logDir, "s.jsonl"),
      [
        { timestamp: "t", type: "session_meta", payload: { id: "s", cwd: "/r" } },
        { timestamp: "t", type: "response_item", payload: item(`hi ${HOSTILE}`) },
      ]
        .map((r) => JSON.stringify(r))
        .join("\n") + "\n",
    );
    const compact = capture(logDir, {});
    await run(["compact", "s.jsonl"], compact.io);
    // Previews are JSON strings (C0 already \u001b); the sanitiser escapes what JSON leaves raw.
    expect(compact.out()).toContain("\\u{202e}");
    expect(compact.out() + compact.err()).not.toMatch(RAW_CONTROL);
    writeFileSync(join(logDir, "a.json"), JSON.stringify({ model: "m", input: [item(`one ${HOSTILE}`)] }));
    writeFileSync(join(logDir, "b.json"), JSON.stringify({ model: "m", input: [item(`two ${HOSTILE}`)] }));
    const diff = capture(logDir, {});
    await run(["diff", "a.json", "b.json"], diff.io);
    expect(diff.out() + diff.err()).not.toMatch(RAW_CONTROL);
  });
});
