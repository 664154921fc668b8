// Hostile text with colour forced: promptc's own colours are SGR, so data holding exactly those sequences (or
// OSC title / clipboard writes) must still reach the terminal escaped — no byte of data makes an escape sequence.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture, tempDir } from "../cli/cli-capture.js";

const RED = "\u001b[31m";
const TITLE = "\u001b]0;title\u0007";
const CLIPBOARD = "\u001b]52;c;ZXZpbA==\u0007";
const HOSTILE = `${RED}RED${TITLE}${CLIPBOARD}`;
/** Any raw control but newline and tab, once every SGR sequence is taken out. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const SGR = /\u001b\[[0-9;]*m/g;

function expectEscaped(text: string): void {
  expect(text).not.toContain(`${RED}RED`);
  // Shown escaped: by the terminal sanitiser, or already by a JSON preview.
  expect(text).toMatch(/\\u(\{1b\}|001b)\[31mRED/);
  expect(text.replace(SGR, "")).not.toMatch(RAW_CONTROL);
}

const dir = tempDir("promptc-hostile-colour-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const repo = join(dir, "repo");
const pkg = join(repo, `pkg${RED}RED`);
mkdirSync(join(repo, ".git"), { recursive: true });
mkdirSync(pkg, { recursive: true });
writeFileSync(join(repo, "AGENTS.md"), `# Rules\n\nBe nice.${HOSTILE}\n`);
writeFileSync(join(pkg, "AGENTS.md"), `# Package\n\nTODO: fill this in ${HOSTILE}\n`);
const codexHome = join(dir, "codex-home");
mkdirSync(codexHome);
const FIXED = ["--date", "2026-11-29", "--timezone", "Etc/UTC", "--shell", "bash", "--codex-home", codexHome];
const item = (text: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });

describe("hostile SGR and OSC sequences with --color", () => {
  it.each([
    ["table and text", []],
    ["table only", ["--no-text"]],
  ])("preview (%s)", async (_name, extra) => {
    const c = capture(pkg, {});
    await run(["preview", "--color", "-C", pkg, "-m", `hi ${HOSTILE}`, ...FIXED, ...extra], c.io);
    expectEscaped(c.out() + c.err());
    // promptc's own colours still arrive.
    expect(c.out()).toMatch(SGR);
  });

  it("lint stylish", async () => {
    const c = capture(repo, {});
    await run(["lint", "--color", "--no-config"], c.io);
    expectEscaped(c.out());
    expect(c.out()).toMatch(SGR);
  });

  it("diff of two request bodies with hostile names", async () => {
    const d = join(dir, "bodies");
    mkdirSync(d);
    const [a, b] = [`a${RED}RED.json`, `b${TITLE}.json`];
    writeFileSync(join(d, a), JSON.stringify({ model: "m", input: [item(`one ${HOSTILE}`)] }, null, 1));
    writeFileSync(join(d, b), JSON.stringify({ model: "m", input: [item(`two ${HOSTILE}`)] }, null, 1));
    const c = capture(d, {});
    await run(["diff", "--color", a, b], c.io);
    expectEscaped(c.out() + c.err());
  });

  it("compact of a session log, and a hostile file name", async () => {
    const d = join(dir, "logs");
    mkdirSync(d);
    const name = `s${RED}RED.jsonl`;
    writeFileSync(
      join(d, name),
      [
        { timestamp: "t", type: "session_meta", payload: { id: "s", cwd: "/r" } },
        { timestamp: "t", type: "response_item", payload: item(`hi ${HOSTILE}`) },
      ]
        .map((r) => JSON.stringify(r))
        .join("\n") + "\n",
    );
    const c = capture(d, {});
    await run(["compact", "--color", name], c.io);
    expectEscaped(c.out() + c.err());
  });

  it("snapshot of a hostile scenario name and text", async () => {
    const d = join(dir, "snap");
    mkdirSync(join(d, "scen"), { recursive: true });
    writeFileSync(
      join(d, "scen", `s${RED}RED.yaml`),
      `profile: codex
session: { id: "s-1", date: "2026-11-29", timezone: Etc/UTC, shell: bash }
settings: { cwd: /repo, sandbox: read-only, approval: never, model: gpt-5.2-codex }
files: { /repo/.git: { dir: true }, /repo/AGENTS.md: ${JSON.stringify(`TODO ${HOSTILE}`)} }
turns:
  - user: ${JSON.stringify(`one ${HOSTILE}`)}
`,
    );
    const c = capture(d, {});
    await run(["snapshot", "--color", "--dir", "scen", "--out", "snaps"], c.io);
    expectEscaped(c.out() + c.err());
    expect(c.out()).toMatch(SGR);
  });

  it("capture of a hostile message", async () => {
    const fake = fileURLToPath(new URL("../capture/fixtures/fake-agent.mjs", import.meta.url));
    const c = capture(dir, { PATH: process.env.PATH ?? "", FAKE_AGENT_MODE: "codex" });
    await run(["capture", "--color", "--agent", "codex", "--", fake, "exec", `hi ${HOSTILE}`], c.io);
    expectEscaped(c.out() + c.err());
  });
});
