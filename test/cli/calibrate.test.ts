// promptc calibrate on capture folders of a first turn and its resumed turn (synthetic captures in our own words).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture, tempDir } from "./cli-capture.js";

const m = (role: string, ...texts: string[]) => ({
  type: "message",
  role,
  content: texts.map((text) => ({ type: "input_text", text })),
});
const profile = (entries: string) =>
  `<filesystem><permission_profile type="managed"><file_system type="restricted"><entry access="read"><special>:root</special></entry>${entries}</file_system></permission_profile></filesystem>`;
const env = (fs: string) => m("user", `<environment_context>\n  <cwd>/w</cwd>\n  ${fs}\n</environment_context>`);
const RO =
  "<permissions instructions>\nOnly looking. Network access is restricted.\nNever ask.\n</permissions instructions>";
const WW =
  "<permissions instructions>\nLooking and writing. Network access is restricted.\nNever ask.\n Writable: `/tmp`, `/w`.\n</permissions instructions>";
const meta = (sandbox: string) => ({
  "x-codex-turn-metadata": JSON.stringify({ request_kind: "turn", sandbox_mode: sandbox }),
});

const firstTurn = {
  model: "m",
  input: [
    m("developer", "Our base words."),
    m("developer", RO),
    m(
      "user",
      "# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>\nKeep it short.\n</INSTRUCTIONS>",
      env(profile("")).content[0]!.text,
    ),
    m("user", "first"),
  ],
  client_metadata: meta("read-only"),
};
const resumed = {
  ...firstTurn,
  input: [
    ...firstTurn.input,
    m("assistant", "Done."),
    m("developer", "<model_switch>\nA new model takes over.\n\nOther base words.\n</model_switch>"),
    m(
      "user",
      "# AGENTS.md instructions for /w/b\n\n<INSTRUCTIONS>\nForget the earlier docs.\n\nDocs of b.\n</INSTRUCTIONS>",
    ),
    m("developer", WW),
    env(profile('<entry access="write"><path>/w</path></entry>')),
    m("user", "second"),
  ],
  client_metadata: meta("workspace-write"),
};

/** A `capture -o` folder holding one model request. */
function captureDir(dir: string, body: object): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "001.request.json"), JSON.stringify(body));
  writeFileSync(join(dir, "001.headers.json"), JSON.stringify({ "user-agent": "codex_exec/0.171.0 (test)" }));
  const request = {
    seq: 1,
    method: "POST",
    url: "/v1/responses",
    decoded: true,
    reply: { kind: "model", status: 200, text: "Done." },
    file: "001.request.json",
  };
  writeFileSync(join(dir, "capture.json"), JSON.stringify({ agent: "codex", requests: [request] }));
  return dir;
}

describe("promptc calibrate", () => {
  it("calibrates from a first turn and its resumed turn: every sandbox sentence in its own file, session sentences too", async () => {
    const dir = tempDir("promptc-calibrate-resume-");
    const t1 = captureDir(join(dir, "t1"), firstTurn);
    const t2 = captureDir(join(dir, "t2"), resumed);
    const c = capture(dir, {});
    expect(await run(["calibrate", "t1", "t2", "--profile", "codex", "-o", "prose"], c.io)).toBe(0);
    const prose = join(dir, "prose");
    const read = (name: string) => readFileSync(join(prose, name), "utf8");
    expect(readdirSync(prose).sort()).toEqual([
      "agents-md-replaced.md",
      "base-instructions.md",
      "calibration.json",
      "layout.json",
      "model-switch.md",
      "permissions-approval-never.md",
      "permissions-sandbox-read-only.md",
      "permissions-sandbox-workspace-write.md",
      "permissions-writable-roots.md",
    ]);
    expect([
      read("permissions-sandbox-read-only.md"),
      read("permissions-sandbox-workspace-write.md"),
      read("permissions-writable-roots.md"),
    ]).toEqual([
      "Only looking. Network access is {network_access}.",
      "Looking and writing. Network access is {network_access}.",
      " Writable: {roots}.",
    ]);
    expect([read("model-switch.md"), read("agents-md-replaced.md"), read("base-instructions.md")]).toEqual([
      "A new model takes over.",
      "Forget the earlier docs.",
      "Our base words.",
    ]);
    expect(JSON.parse(read("calibration.json")).sources).toEqual({
      "base-instructions": join(t1, "001.request.json"),
      "permissions-sandbox-read-only": join(t1, "001.request.json"),
      "permissions-approval-never": join(t1, "001.request.json"),
      "model-switch": join(t2, "001.request.json"),
      "agents-md-replaced": join(t2, "001.request.json"),
      "permissions-sandbox-workspace-write": join(t2, "001.request.json"),
      "permissions-writable-roots": join(t2, "001.request.json"),
    });
    expect(c.err()).not.toMatch(/warning/);
  });

  it("reports captures that disagree as conflicts on stderr and keeps the first capture's text", async () => {
    const dir = tempDir("promptc-calibrate-conflict-");
    captureDir(join(dir, "a"), firstTurn);
    captureDir(join(dir, "b"), {
      ...firstTurn,
      input: [m("developer", RO.replace("Only looking.", "Just reading.")), env(profile(""))],
    });
    const c = capture(dir, {});
    expect(await run(["calibrate", "a", "b", "--profile", "codex", "-o", "prose"], c.io)).toBe(0);
    expect(readFileSync(join(dir, "prose", "permissions-sandbox-read-only.md"), "utf8")).toBe(
      "Only looking. Network access is {network_access}.",
    );
    expect(c.err()).toContain(
      `${join(dir, "b", "001.request.json")}: permissions-sandbox-read-only differs from the text taken from ${join(dir, "a", "001.request.json")}; kept that one`,
    );
    expect(c.err()).toMatch(/calibrate\/conflict/);
  });

  it("writes the captured model's windows from the catalogue into layout.json, so a --prose-dir preview needs none", async () => {
    const dir = tempDir("promptc-calibrate-window-");
    captureDir(join(dir, "t1"), firstTurn);
    const codexHome = join(dir, "codex-home");
    mkdirSync(codexHome);
    const entry = {
      slug: "m",
      context_window: 400_000,
      max_context_window: 1_000_000,
      effective_context_window_percent: 90,
    };
    writeFileSync(join(codexHome, "models_cache.json"), JSON.stringify({ models: [entry] }));
    const c = capture(dir, { CODEX_HOME: codexHome });
    expect(await run(["calibrate", "t1", "--profile", "codex", "-o", "prose"], c.io)).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "prose", "layout.json"), "utf8")).window).toEqual({
      contextWindow: 400_000,
      maxContextWindow: 1_000_000,
      effectiveContextWindowPercent: 90,
      source: `model catalogue (${join(codexHome, "models_cache.json")})`,
    });
    expect(JSON.parse(readFileSync(join(dir, "prose", "calibration.json"), "utf8")).missing).not.toContain(
      "context-window",
    );
    // Previewed with no catalogue anywhere: the window is the calibration's, not the fallback's 272,000.
    mkdirSync(join(dir, "w"));
    mkdirSync(join(dir, "empty-home"));
    const p = capture(dir, {});
    const args = [
      "preview",
      "--profile",
      "codex",
      "-C",
      join(dir, "w"),
      "--codex-home",
      join(dir, "empty-home"),
      "--prose-dir",
      join(dir, "prose"),
      "hi",
    ];
    expect(await run(args, p.io), p.err()).toBe(0);
    expect(p.out()).toContain("context window 400,000 tokens");
  });

  it("names the context window as missing when no catalogue can give it", async () => {
    const dir = tempDir("promptc-calibrate-no-window-");
    captureDir(join(dir, "t1"), firstTurn);
    const c = capture(dir, {});
    expect(await run(["calibrate", "t1", "--profile", "codex", "-o", "prose"], c.io)).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "prose", "calibration.json"), "utf8")).missing).toContain(
      "context-window",
    );
    expect(c.err()).toContain("no model catalogue to take the context window from");
  });
});
