// preview --approval-mode: Gemini CLI's approval modes reach its discovery (tool set, mode name); other profiles
// and unknown modes are refused with one line (exit 2).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { geminiDataParts } from "../../src/capture/gemini-cli/gemini-data-parts.js";
import { GEMINI_TOOL_NAMES } from "../../src/profiles/gemini-cli/gemini-facts.js";

const dir = mkdtempSync(join(tmpdir(), "promptc-approval-mode-"));
const home = join(dir, "home");
mkdirSync(join(home, ".gemini"), { recursive: true });
const cwd = join(dir, "w");
mkdirSync(cwd);

async function preview(args: string[], env: { [k: string]: string } = {}) {
  let out = "";
  let err = "";
  const code = await run(["preview", "--json", "-C", cwd, "--home", home, "--date", "2026-12-01", "hi", ...args], {
    cwd,
    env: { HOME: home, PATH: "/nonexistent", ...env },
    stdout: (t: string) => (out += t),
    stderr: (t: string) => (err += t),
    isTTY: false,
  } as never);
  return { code, out, err };
}

describe("preview --approval-mode", () => {
  it.each([
    ["default", "Default"],
    ["auto_edit", "Auto-Edit"],
    ["yolo", "YOLO"],
    ["plan", "Plan"],
  ] as const)("sends Gemini CLI's %s tools and mode name", async (mode, name) => {
    const r = await preview(["--profile", "gemini-cli", "--approval-mode", mode]);
    expect(r.code).toBe(0);
    const parts = geminiDataParts(JSON.parse(r.out) as { [k: string]: unknown });
    expect([parts.toolNames, parts.modeName]).toEqual([[...GEMINI_TOOL_NAMES[mode]], name]);
  });

  it("takes general.defaultApprovalMode from the user's settings when no flag is given", async () => {
    writeFileSync(
      join(home, ".gemini", "settings.json"),
      JSON.stringify({ general: { defaultApprovalMode: "auto_edit" } }),
    );
    const r = await preview(["--profile", "gemini-cli"]);
    writeFileSync(join(home, ".gemini", "settings.json"), "{}");
    expect(geminiDataParts(JSON.parse(r.out) as { [k: string]: unknown }).modeName).toBe("Auto-Edit");
  });

  it("refuses an unknown mode and profiles without approval modes", async () => {
    const bad = await preview(["--profile", "gemini-cli", "--approval-mode", "never"]);
    expect([bad.code, bad.err]).toEqual([
      2,
      "promptc preview: --approval-mode 'never' is not one of default, auto_edit, yolo, plan\n",
    ]);
    const pi = await preview(["--profile", "pi", "--approval-mode", "yolo"]);
    expect(pi.code).toBe(2);
    expect(pi.err).toMatch(/^promptc preview: --approval-mode cannot be used with --profile pi: .*gemini-cli/);
  });
});
